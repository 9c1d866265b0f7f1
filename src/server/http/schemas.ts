import { Type, type TNull, type TSchema, type TUnion } from 'typebox';
import { ADMIN_PAGE_SIZE, MAX_PAGE_SIZE } from '../../shared/constants.js';

/** The largest value of a PostgreSQL `integer` column. */
export const MAX_INT4 = 2147483647;

/** The id of a row: a positive 32-bit integer. */
export const Id = (description?: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_INT4, ...(description ? { description } : {}) });

/** A timestamp column: a Date in the service, an ISO string on the wire. */
export const Timestamp = Type.Unsafe<Date>(Type.String({ format: 'date-time' }));

/** Path parameter `{id}`. */
export const IdParams = Type.Object({ id: Id() });

/** Query of every list route (docs/API.md). Extend it with a resource's own filters. */
export const listQueryProperties = {
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE, default: ADMIN_PAGE_SIZE }),
  // No U+0000: PostgreSQL text cannot hold it, so the search would fail in the database.
  q: Type.Optional(Type.String({ maxLength: 200, pattern: '^[^\\u0000]*$', description: 'Search words' })),
  order: Type.Union([Type.Literal('asc'), Type.Literal('desc')], { default: 'desc' }),
};

export const listQuery = <
  S extends readonly string[],
  F extends Record<string, TSchema> = Record<never, never>,
>(
  sortKeys: S,
  filters?: F,
) =>
  Type.Object(
    {
      ...listQueryProperties,
      sort: Type.Optional(Type.Union(sortKeys.map((k) => Type.Literal(k)))),
      ...(filters ?? ({} as F)),
    },
    { additionalProperties: false },
  );

const PaginationSchema = Type.Object({
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  totalPages: Type.Integer(),
  totalExact: Type.Boolean(),
});

/** Response schemas for OpenAPI. */
export const okResponse = <T extends TSchema>(data: T) =>
  Type.Object({ success: Type.Literal(true), message: Type.String(), data });

export const listResponse = <T extends TSchema>(item: T) =>
  Type.Object({
    success: Type.Literal(true),
    message: Type.String(),
    data: Type.Array(item),
    pagination: PaginationSchema,
  });

export const ErrorResponse = Type.Object({
  success: Type.Literal(false),
  message: Type.String(),
  code: Type.String(),
  errors: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
});

/** A trimmed, non-empty text of at most `max` characters. */
export const Text = (max: number, options: Record<string, unknown> = {}) =>
  Type.String({ minLength: 1, maxLength: max, pattern: '\\S', ...options });

/**
 * `schema` or null. A scalar schema becomes `type: [type, 'null']`: as a union with the
 * scalar first, Ajv's type coercion turned a client's `null` into `''` (or 0) before the
 * null branch was tried, so NULL could never be stored.
 */
export const Nullable = <T extends TSchema>(schema: T): TUnion<[T, TNull]> => {
  const type = (schema as { type?: unknown }).type;
  if (typeof type === 'string' && type !== 'object' && type !== 'array') {
    return Type.Unsafe({ ...schema, type: [type, 'null'] }) as unknown as TUnion<[T, TNull]>;
  }
  return Type.Union([schema, Type.Null()]);
};
