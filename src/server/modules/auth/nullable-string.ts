import { Type } from 'typebox';

/**
 * `string | null` as OpenAPI's `nullable: true` rather than an `anyOf`: with the app's `coerceTypes`, ajv
 * would turn a null into "" through the string branch of an `anyOf`.
 */
export const NullableString = (options: { maxLength?: number; description?: string } = {}) =>
  Type.Unsafe<string | null>({ type: 'string', nullable: true, ...options });
