import type { FastifyInstance, FastifyRequest } from 'fastify';
import { syncHook } from './sync-hook.js';
import { Type, type TOptional, type TSchema } from 'typebox';
import { API_BASE_PATH } from '../../shared/constants.js';
import { MESSAGES } from '../../shared/messages.js';
import { validationError, type FieldError } from './errors.js';

/**
 * A client must never believe a value was saved when it was not: a body field the route's body schema does not
 * list answers 400 VALIDATION_ERROR naming it (a route without a body schema takes no fields at all). The names
 * the API's records return for an input field are read as that field (`no_phone` as `phone`); both at once
 * with different values is a 400. Runs before each route's own preValidation hook, which then sees only the
 * fields it knows.
 */

/** Record field names (docs/API.md "Records") → the input field holding the same value. */
export const FIELD_ALIASES = {
  name: 'full_name',
  fullname_petani: 'full_name',
  fullname_mitra: 'full_name',
  no_phone: 'phone',
  address: 'alamat',
} as const;

type Aliases = typeof FIELD_ALIASES;
type AliasesOf<P extends Record<string, TSchema>> = {
  [A in keyof Aliases as Aliases[A] extends keyof P ? A : never]: TOptional<P[Aliases[A]]>;
};

/** `properties` with the aliases of the fields it has, optional, so OpenAPI documents them. */
export function withAliases<P extends Record<string, TSchema>>(properties: P): P & AliasesOf<P> {
  const aliases = Object.entries(FIELD_ALIASES)
    .filter(([, field]) => field in properties)
    .map(([alias, field]) => [
      alias,
      Type.Optional({ ...properties[field], description: `Same as ${field}` } as TSchema),
    ]);
  return { ...properties, ...Object.fromEntries(aliases) } as P & AliasesOf<P>;
}

interface BodyFields {
  known: ReadonlySet<string>;
  /** [alias, field] for each field of the schema that has an alias. */
  aliases: [string, string][];
}

const NO_FIELDS: BodyFields = { known: new Set(), aliases: [] };
const cache = new WeakMap<object, BodyFields>();

function bodyFieldsOf(schema: unknown): BodyFields {
  if (typeof schema !== 'object' || schema === null) return NO_FIELDS;
  let fields = cache.get(schema);
  if (!fields) {
    const known = new Set(Object.keys((schema as { properties?: object }).properties ?? {}));
    const aliases = Object.entries(FIELD_ALIASES).filter(([, field]) => known.has(field));
    fields = { known, aliases };
    cache.set(schema, fields);
  }
  return fields;
}

const ADMIN_ROUTE = new RegExp(`^${API_BASE_PATH}/admin(/|$)`);

/** The admin panel's routes speak English, the member app's Indonesian; a route's config may say otherwise. */
export const messagesFor = (request: FastifyRequest) => {
  const { config, url } = request.routeOptions;
  const language = config?.language ?? (ADMIN_ROUTE.test(url ?? '') ? 'en' : 'id');
  return MESSAGES.bodyFields[language];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

function checkBodyFields(request: FastifyRequest) {
  const body = request.body;
  if (!isRecord(body)) return;
  const { known, aliases } = bodyFieldsOf(request.routeOptions.schema?.body);
  const M = messagesFor(request);
  const conflicts: FieldError[] = [];
  for (const [alias, field] of aliases) {
    if (!(alias in body)) continue;
    if (field in body && JSON.stringify(body[field]) !== JSON.stringify(body[alias])) {
      conflicts.push({ field: alias, message: M.conflict(alias, field) });
    } else {
      body[field] = body[alias];
    }
    delete body[alias];
  }
  const unknown = Object.keys(body).filter((field) => !known.has(field));
  const errors = [...unknown.map((field) => ({ field, message: M.unknown(field) })), ...conflicts];
  if (errors.length === 0) return;
  throw validationError(unknown.length > 0 ? M.unknown(unknown.join(', ')) : conflicts[0]!.message, errors);
}

/** Installs the check for every route (root-level hooks run before each route's own preValidation). */
export function installBodyFieldCheck(app: FastifyInstance) {
  app.addHook('preValidation', syncHook(checkBodyFields));
}
