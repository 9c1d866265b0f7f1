import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '../../../shared/messages.js';
import { validationError, type FieldError } from '../../http/errors.js';
import { MAX_INT4 } from '../../http/schemas.js';

export interface RequiredFieldsSpec {
  /** Text fields and their maximum length after trimming. */
  texts: Record<string, number>;
  /** Fields holding the integer id of a parent record. */
  ids?: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A positive integer, or a string of digits (ajv then coerces "12" to 12, as it does for path and query ids). */
const isId = (value: unknown): boolean =>
  (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= MAX_INT4) ||
  (typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= MAX_INT4);

/**
 * preValidation hook for the spec's "required fields" forms (category, location, province, district,
 * sub-district): every text must be a string with some non-space character, every id a positive integer.
 * Any such failure answers 'Please fill in all required fields'. Texts are trimmed in place.
 *
 * It runs before ajv on purpose: ajv's type coercion would turn `42` or `true` into the name "42" or "true".
 */
export function requiredFields(spec: RequiredFieldsSpec) {
  return async (request: FastifyRequest) => {
    const body = isRecord(request.body) ? request.body : {};
    const missing: FieldError[] = [];
    const tooLong: FieldError[] = [];
    for (const [field, max] of Object.entries(spec.texts)) {
      const value = body[field];
      if (typeof value !== 'string' || value.trim() === '') {
        missing.push({ field, message: `${field} is required` });
      } else if (value.trim().length > max) {
        tooLong.push({ field, message: `${field} must be at most ${max} characters` });
      }
    }
    for (const field of spec.ids ?? []) {
      if (!isId(body[field]))
        missing.push({ field, message: `${field} is required (a positive integer id)` });
    }
    if (missing.length > 0) throw validationError(MESSAGES.requiredFields, [...missing, ...tooLong]);
    if (tooLong.length > 0) throw validationError(tooLong[0]!.message, tooLong);
    for (const field of Object.keys(spec.texts)) body[field] = (body[field] as string).trim();
    request.body = body;
  };
}
