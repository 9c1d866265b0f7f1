import { Type, type TSchema } from 'typebox';
import type { Db } from '../db/engine/client.js';
import { MESSAGES } from '../../shared/messages.js';
import { MAX_RUPIAH } from '../../shared/settlement.js';
import { Id, MAX_INT4, Nullable, Text } from './schemas.js';

/**
 * The rules of request body fields (docs/VALIDATION.md): each field is declared once, as a Field — its
 * OpenAPI schema and the rule that checks and normalises it with the product's message. forms.ts puts a
 * module's fields together into a route's body.
 */

/**
 * Thrown by a rule; becomes one entry of `errors`. `at` names the part of a list or object field at fault
 * (`[1].price`): the entry's field is then `prices[1].price`.
 */
export class Invalid extends Error {
  constructor(
    message?: string,
    readonly at = '',
  ) {
    super(message);
  }
}
/** A required value is absent, empty or not a valid choice (a form's `missing` message covers these). */
export class Missing extends Invalid {}

/** A message, or one made from the field's name. */
type Message = string | ((field: string) => string);
const say = (message: Message, field: string) => (typeof message === 'string' ? message : message(field));

export interface Field<T = unknown> {
  /** The accepted input as OpenAPI shows it; ajv also checks the parsed value against it. */
  readonly schema: TSchema;
  /** The value to keep, or throws Invalid with the field's message. */
  readonly parse: (value: unknown, field: string) => T;
  /**
   * The part of the rule that needs the database (e.g. a code that must exist), run by forms.ts once `parse`
   * has kept a value other than null; throws Invalid with the field's message.
   */
  verify?(value: NonNullable<T>, db: Db): Promise<void>;
}

export type Fields = Record<string, Field>;
export type ValueOf<F> = F extends Field<infer T> ? T : never;

/** A field with its own rule: for what the builders below do not cover. */
export const field = <T>(schema: TSchema, parse: (value: unknown, field: string) => T): Field<T> => ({
  schema,
  parse,
});

export const described = (description?: string) => (description ? { description } : {});

/**
 * Bidirectional embeddings and overrides (U+202A–U+202E) and isolates (U+2066–U+2069) make text show in another
 * order than it is stored (a name that reads as someone else's, "Trojan Source"); no field of the product needs
 * them. The marks U+200E/U+200F are let through: they reorder nothing after them and mixed-script text uses them.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/;

/** A free text holding a bidi control; forms.ts gives it the message in the route's language. */
export class BidiControl extends Invalid {}

const refuseBidiControls = (value: string, name: string) => {
  if (BIDI_CONTROLS.test(value)) throw new BidiControl(MESSAGES.bodyFields.id.bidiControl(name));
};

/** PostgreSQL text cannot hold U+0000: it is dropped rather than failing the write. */
export const withoutNul = (value: string) => value.replaceAll('\u0000', '');

export interface TextOptions {
  max: number;
  required: Message;
  tooLong: Message;
  description?: string;
  /** Keep U+0000, so that storing it fails (400) instead of the text being changed. */
  keepNul?: boolean;
}

/** A trimmed, non-empty text of at most `max` characters. */
export const text = ({ max, required, tooLong, description, keepNul }: TextOptions): Field<string> =>
  field(Text(max, described(description)), (value, name) => {
    const raw = typeof value === 'string' ? value : '';
    const trimmed = (keepNul ? raw : withoutNul(raw)).trim();
    if (trimmed === '') throw new Missing(say(required, name));
    if (trimmed.length > max) throw new Invalid(say(tooLong, name));
    refuseBidiControls(trimmed, name);
    return trimmed;
  });

/** An optional text: null, '' or only spaces mean none (null); anything but a text is `invalid`. */
export const optionalText = (
  max: number,
  invalid: string,
  tooLong: string,
  description?: string,
): Field<string | null> =>
  field(Nullable(Type.String({ maxLength: max, ...described(description) })), (value, name) => {
    if (value === null) return null;
    if (typeof value !== 'string') throw new Invalid(invalid);
    const trimmed = withoutNul(value).trim();
    if (trimmed.length > max) throw new Invalid(tooLong);
    refuseBidiControls(trimmed, name);
    return trimmed === '' ? null : trimmed;
  });

/** A positive integer id; a string of digits (as HTML forms send) is read as the number. */
export const id = (message: Message, description?: string): Field<number> =>
  field(Id(description), (value, name) => {
    const n = typeof value === 'string' && /^[1-9][0-9]{0,9}$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_INT4)
      throw new Missing(say(message, name));
    return n;
  });

/** A finite number in [min, max]; a decimal string is read as the number. */
export const numberIn = (
  min: number,
  max: number,
  message: string,
  { integer = false, description }: { integer?: boolean; description?: string } = {},
): Field<number> =>
  field(
    (integer ? Type.Integer : Type.Number)({
      ...(Number.isFinite(min) ? { minimum: min } : {}),
      maximum: max,
      ...described(description),
    }),
    (value) => {
      const n = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
      if (typeof n !== 'number' || !Number.isFinite(n) || n < min || n > max) throw new Invalid(message);
      if (integer && !Number.isInteger(n)) throw new Invalid(message);
      return n;
    },
  );

/** Integer rupiah, 1 to MAX_RUPIAH: a price, an amount. */
export const rupiah = (message: string, description: string) =>
  numberIn(1, MAX_RUPIAH, message, { integer: true, description });

/** A calendar date `YYYY-MM-DD` (2025-02-30 is refused). */
export const isoDate = (message: string, description = 'YYYY-MM-DD'): Field<string> =>
  field(Type.String({ format: 'date', description }), (value) => {
    const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
    if (!match) throw new Invalid(message);
    const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const date = new Date(Date.UTC(y, m - 1, d));
    if (y < 1900 || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) throw new Invalid(message);
    return value as string;
  });

export const oneOf = <T extends string>(
  values: readonly T[],
  message: string,
  description?: string,
): Field<T> =>
  field(Type.Enum(values as T[], described(description)), (value) => {
    if (!values.includes(value as T)) throw new Invalid(message);
    return value as T;
  });

export const boolean = (message: string, description?: string): Field<boolean> =>
  field(Type.Boolean(described(description)), (value) => {
    if (typeof value !== 'boolean') throw new Invalid(message);
    return value;
  });

/** `null` is kept as null; anything else goes to `inner` (its `verify` too). */
export const nullable = <T>(inner: Field<T>): Field<T | null> => ({
  ...field(Nullable(inner.schema), (value, name) => (value === null ? null : inner.parse(value, name))),
  verify: inner.verify,
});

const isBlank = (value: unknown) => value === null || (typeof value === 'string' && value.trim() === '');

/** An optional field of a form: null, '' or only spaces clear it (null); a value goes to `inner` (its `verify` too). */
export const clearable = <T>(inner: Field<T>): Field<T | null> => ({
  ...field(Nullable(inner.schema), (value, name) => (isBlank(value) ? null : inner.parse(value, name))),
  verify: inner.verify,
});

/** A text taken as sent (not trimmed: passwords, tokens) of `min`..`max` characters; else `message`. */
export const string = ({
  min = 0,
  max,
  message,
  description,
}: {
  min?: number;
  max: number;
  message: string;
  description?: string;
}): Field<string> =>
  field(
    Type.String({ ...(min > 0 ? { minLength: min } : {}), maxLength: max, ...described(description) }),
    (value) => {
      if (typeof value !== 'string' || value.length < min || value.length > max) throw new Invalid(message);
      return value;
    },
  );

/** The same rule with another description in OpenAPI. */
export const describe = <T>(inner: Field<T>, description: string): Field<T> => ({
  ...inner,
  schema: { ...inner.schema, description } as TSchema,
});

/** A name of the spec's "required fields" forms (category, location, areas); U+0000 is kept, so it is refused. */
export const requiredName = (max: number, description: string) =>
  text({
    max,
    required: (name) => `${name} is required`,
    tooLong: (name) => `${name} must be at most ${max} characters`,
    description,
    keepNul: true,
  });

/** The id of the parent record in a "required fields" form. */
export const parentId = (what: string) =>
  id(
    (name) => `${name} is required (a positive integer id)`,
    `Id of an existing ${what}. A JSON string of digits such as "12" is accepted and read as 12.`,
  );
