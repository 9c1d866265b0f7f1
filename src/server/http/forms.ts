import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema, type TUnsafe } from 'typebox';
import { messagesFor, withAliases } from './body-fields.js';
import { MESSAGES } from '../../shared/messages.js';
import { validationError, type FieldError } from './errors.js';
import { BidiControl, described, Invalid, Missing, type Fields, type ValueOf } from './field-rules.js';

/**
 * A route's body, declared once from its fields (field-rules.ts): `form()` gives the route's body schema
 * (OpenAPI), and the schema carries the checks, which run as a preValidation hook of every route that
 * declares it. They run before ajv on purpose: ajv's type coercion would turn `42` into the text "42" or
 * `null` into "" and so hide what the client sent; ajv then sees only the parsed values.
 */

/** Every field's parsed value, each optional: what an update body gives. */
export type FormValues<F extends Fields> = { [K in keyof F]?: ValueOf<F[K]> };

type Parsed<F extends Fields, R extends keyof F> = { [K in R]: ValueOf<F[K]> } & {
  [K in Exclude<keyof F, R>]?: ValueOf<F[K]>;
};

export interface FormOptions<F extends Fields, R extends keyof F> {
  /** Must be sent; a missing one is checked as `undefined`, so its rule reports it. */
  required?: readonly R[];
  /** The message when several fields are wrong (else the first problem's). */
  summary?: string;
  /** The message when a required value is missing or empty; those fields are listed first in `errors`. */
  missing?: string;
  /** The fields this request may send (default all); a field of the form not among them is refused… */
  allowed?: (request: FastifyRequest) => readonly string[];
  /** …with this message. */
  notAllowed?: string;
  /** The record names of the fields (`no_phone` for `phone`…) are accepted too (http/body-fields.ts). */
  aliases?: boolean;
  /** The body's description in OpenAPI. */
  description?: string;
  /** A rule across fields (one of two, not both…) on what was sent; its problems join the fields'. */
  across?: (sent: Partial<Record<keyof F, unknown>>) => FieldError[];
}

type Parse = (body: unknown, request: FastifyRequest) => Promise<unknown>;
const PARSE = Symbol('form parser');

/** A route's body schema that also carries its checks; the route declares it as `schema.body`, nothing more. */
export type FormSchema<F extends Fields, R extends keyof F> = TUnsafe<Parsed<F, R>> & { [PARSE]: Parse };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body of a route, declared once: its schema (OpenAPI; unknown fields are refused by body-fields.ts) and
 * its checks come from the same fields. Every problem is reported at once as `errors: [{ field, message }]`;
 * the message is the only problem's, else `summary` (else the first's). A rule answering `undefined` leaves
 * its field out, as if it had not been sent.
 */
export function form<F extends Fields, R extends keyof F & string = never>(
  fields: F,
  options: FormOptions<F, R> = {},
): FormSchema<F, R> {
  const names = Object.keys(fields) as (keyof F & string)[];
  const required: readonly string[] = options.required ?? [];
  const properties = Object.fromEntries(
    names.map((name) => {
      const schema = fields[name]!.schema;
      return [name, required.includes(name) ? schema : Type.Optional(schema)];
    }),
  ) as Record<string, TSchema>;

  const parse: Parse = async (body, request) => {
    const input = isRecord(body) ? body : {};
    const allowed: readonly string[] = options.allowed?.(request) ?? names;
    const values: Record<string, unknown> = {};
    const refused: FieldError[] = Object.keys(input)
      .filter((name) => Object.hasOwn(fields, name) && !allowed.includes(name))
      .map((name) => ({ field: name, message: options.notAllowed ?? `${name} is not allowed` }));
    const missing: FieldError[] = [];
    const invalid: FieldError[] = [];
    for (const name of names) {
      const raw = input[name];
      if (!allowed.includes(name) || (raw === undefined && !required.includes(name))) continue;
      try {
        const value = fields[name]!.parse(raw, name);
        if (value !== undefined) values[name] = value;
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        (err instanceof Missing && options.missing ? missing : invalid).push({
          field: name + err.at,
          message: err instanceof BidiControl ? messagesFor(request).bidiControl(name) : err.message,
        });
      }
    }
    invalid.push(...(options.across?.(input as Partial<Record<keyof F, unknown>>) ?? []));
    // The database part of a rule, for the values kept (one at a time: one request holds one connection).
    for (const [name, value] of Object.entries(values)) {
      const rule = fields[name]!;
      if (!rule.verify || value === null || value === undefined) continue;
      try {
        await rule.verify(value, request.db);
      } catch (err) {
        if (!(err instanceof Invalid)) throw err;
        invalid.push({ field: name, message: err.message });
      }
    }
    const errors = [...refused, ...missing, ...invalid];
    if (errors.length === 0) return values;
    const message =
      missing.length > 0
        ? options.missing!
        : errors.length > 1 && options.summary
          ? options.summary
          : errors[0]!.message;
    throw validationError(message, errors);
  };

  const schema = Type.Unsafe<Parsed<F, R>>(
    Type.Object(options.aliases ? withAliases(properties) : properties, {
      additionalProperties: false,
      ...described(options.description),
    }),
  );
  return Object.assign(schema, { [PARSE]: parse });
}

/**
 * The body of a route that takes a file itself (e.g. `application/pdf`, read into a Buffer by a content-type
 * parser its plugin adds, so that no other route accepts that type): required and not empty, else 400 naming
 * `body` with `missing`. Its route lists the type in `schema.consumes` for OpenAPI.
 */
export function fileBody(options: { description: string; missing: string }) {
  const parse: Parse = async (body) => {
    if (Buffer.isBuffer(body) && body.length > 0) return body;
    throw validationError(options.missing, [{ field: 'body', message: options.missing }]);
  };
  // No `type` (nor a string's `format`): ajv would refuse the Buffer; OpenAPI shows the type under `consumes`.
  const schema = Type.Unsafe<Buffer>({ description: options.description });
  return Object.assign(schema, { [PARSE]: parse });
}

/**
 * Every route whose body schema is a form checks its body with it (before the route's own preValidation); a body
 * declared any other way stops the server at start, so that there is one way to check a body.
 */
export function installForms(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const schema = route.schema?.body as { [PARSE]?: Parse } | undefined;
    if (!schema) return;
    const parse = schema[PARSE];
    if (!parse)
      throw new Error(`${route.method} ${route.url}: declare its body with form() (docs/VALIDATION.md)`);
    const check = async (request: FastifyRequest) => {
      request.body = await parse(request.body, request);
    };
    route.preValidation = [check, ...[route.preValidation ?? []].flat()];
  });
}

/** The spec's "required fields" forms: every field required; any missing one answers MESSAGES.requiredFields. */
export const requiredForm = <F extends Fields>(fields: F) =>
  form(fields, { required: Object.keys(fields) as (keyof F & string)[], missing: MESSAGES.requiredFields });
