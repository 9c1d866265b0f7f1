import { validationError, type FieldError } from './errors.js';

/**
 * Per-field body checking with the product's own messages (contracts, downloads, lahan). It runs as a
 * preValidation hook, before ajv, because ajv's type coercion would turn `42` into the text "42" or
 * `null` into "" and so hide what the client really sent.
 */

/** Thrown by a rule; becomes one entry of `errors`. */
export class Invalid extends Error {}

export type Rule = (value: unknown) => unknown;

/** What `parseFields` answers: each sent field with the type its rule returns. */
export type Parsed<R extends Record<string, Rule>> = { [K in keyof R]?: ReturnType<R[K]> };

const MAX_ID = 2147483647;

/** PostgreSQL text cannot hold U+0000: it is dropped rather than failing the write. */
export const withoutNul = (value: string) => value.replaceAll('\u0000', '');

/** A trimmed, non-empty text of at most `max` characters. */
export const text = (max: number, required: string, tooLong: string) => (value: unknown) => {
  const trimmed = typeof value === 'string' ? withoutNul(value).trim() : '';
  if (trimmed === '') throw new Invalid(required);
  if (trimmed.length > max) throw new Invalid(tooLong);
  return trimmed;
};

/** An optional text: null, '' or only spaces mean none (null); anything but a text is `invalid`. */
export const optionalText = (max: number, invalid: string, tooLong: string) => (value: unknown) => {
  if (value === null) return null;
  if (typeof value !== 'string') throw new Invalid(invalid);
  const trimmed = withoutNul(value).trim();
  if (trimmed.length > max) throw new Invalid(tooLong);
  return trimmed === '' ? null : trimmed;
};

/** A positive integer id; a string of digits (as HTML forms send) is read as the number. */
export const id = (message: string) => (value: unknown) => {
  const n = typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_ID) throw new Invalid(message);
  return n;
};

/** A finite number in [min, max]; a decimal string is read as the number. */
export const numberIn =
  (min: number, max: number, message: string, { integer = false } = {}) =>
  (value: unknown) => {
    const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw new Invalid(message);
    if (integer && !Number.isInteger(n)) throw new Invalid(message);
    return n;
  };

/** A calendar date `YYYY-MM-DD` (2025-02-30 is refused). */
export const isoDate = (message: string) => (value: unknown) => {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!match) throw new Invalid(message);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw new Invalid(message);
  return value as string;
};

export const oneOf =
  <T extends string>(values: readonly T[], message: string) =>
  (value: unknown) => {
    if (!values.includes(value as T)) throw new Invalid(message);
    return value as T;
  };

export const boolean = (message: string) => (value: unknown) => {
  if (typeof value !== 'boolean') throw new Invalid(message);
  return value;
};

export interface FieldsSpec<F extends string> {
  fields: readonly F[];
  /** Must be present (a missing one is checked as `undefined`, so its rule reports it). */
  required?: readonly F[];
}

/**
 * Checks and normalises the listed fields of `body` with their rules; every problem is reported at once as
 * `errors: [{ field, message }]`, the message being the only problem's, else `summary` (else the first's).
 * Fields not listed are dropped.
 */
export function parseFields<R extends Record<string, Rule>>(
  body: unknown,
  rules: R,
  spec: FieldsSpec<keyof R & string>,
  summary?: string,
): Parsed<R> {
  const input = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  const values: Record<string, unknown> = {};
  const errors: FieldError[] = [];
  for (const field of spec.fields) {
    const raw = input[field];
    if (raw === undefined && !spec.required?.includes(field)) continue;
    try {
      values[field] = rules[field]!(raw);
    } catch (err) {
      if (!(err instanceof Invalid)) throw err;
      errors.push({ field, message: err.message });
    }
  }
  if (errors.length > 0) {
    throw validationError(errors.length > 1 && summary ? summary : errors[0]!.message, errors);
  }
  return values as Parsed<R>;
}
