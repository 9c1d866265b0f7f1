import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { FastifySchema, RouteOptions } from 'fastify';
import { API_BASE_PATH } from '../../shared/constants.js';
import { roleGuards } from './guards.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from './idempotency.js';
import { ErrorResponse } from './schemas.js';

/**
 * The OpenAPI document (`/api/docs`, `/api/docs/json`): OpenAPI 3.0.3, so the schemas TypeBox writes in newer
 * JSON Schema are rewritten into 3.0's forms, and every operation lists the failures it can answer, derived
 * from the route itself (its guard, the parts of the request it reads, its method) rather than by hand.
 */

const ADMIN_ROUTE = new RegExp(`^${API_BASE_PATH}/admin(/|$)`);
const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];

const failure = (description: string) => ({ ...ErrorResponse, description });

const FAILURES = {
  400: failure('VALIDATION_ERROR: a path, query or body value is invalid (`errors` names each field)'),
  401: failure('UNAUTHORIZED or TOKEN_EXPIRED: no valid access token of a live session'),
  403: failure("INVALID_ROLE: the caller's role may not use this route"),
  404: failure('NOT_FOUND: no such record, or not one the caller may see'),
  409: failure(
    'CONFLICT: the record is in another state, a unique value is taken, a concurrent write won, or the ' +
      "Idempotency-Key's first request is still running (try again after Retry-After)",
  ),
  413: failure('PAYLOAD_TOO_LARGE: the body is over the limit'),
  422: failure('VALIDATION_ERROR: the Idempotency-Key was used for another request (method, URL or body)'),
  503: failure('SERVICE_UNAVAILABLE: the database cannot be reached; try again after Retry-After'),
};
type Status = keyof typeof FAILURES;

interface RouteSchema {
  hide?: boolean;
  security?: unknown[];
  body?: unknown;
  headers?: { properties?: Record<string, unknown> };
  querystring?: unknown;
  params?: unknown;
  response?: Record<string, unknown>;
}

const isPublic = (schema: RouteSchema) => Array.isArray(schema.security) && schema.security.length === 0;
/** A signed-in person's write, which honours an Idempotency-Key (http/idempotency.ts). */
const takesKey = (route: RouteOptions, schema: RouteSchema) =>
  !isPublic(schema) &&
  !route.config?.answersSecrets &&
  [route.method].flat().some((method) => WRITES.includes(method));

const KEY_HEADER = {
  type: 'string',
  minLength: 1,
  maxLength: 255,
  pattern: IDEMPOTENCY_KEY_PATTERN.source,
  description:
    'Optional. A repeat with the same key, method, URL and body within 24 h gets the first answer again ' +
    '(Idempotency-Replayed: true) without running; another request under the key → 422.',
};

/** The failures a route can answer besides those it declares itself (429 is declared by the limited routes). */
export function failuresOf(route: RouteOptions, schema: RouteSchema, url: string): Status[] {
  const guardedByRole =
    ADMIN_ROUTE.test(url) || [route.onRequest ?? []].flat().some((hook) => roleGuards.has(hook));
  const writes = [route.method].flat().some((method) => WRITES.includes(method));
  const keyed = takesKey(route, schema);
  const statuses: [Status, unknown][] = [
    [400, schema.body ?? schema.querystring ?? schema.params ?? keyed],
    [401, !isPublic(schema)],
    [403, !isPublic(schema) && guardedByRole],
    [404, schema.params],
    [409, writes],
    [413, schema.body],
    [422, keyed],
    [503, true],
  ];
  return statuses.filter(([, applies]) => applies).map(([status]) => status);
}

type Json = unknown;

/** A schema in JSON Schema 2019+/TypeBox form, rewritten into OpenAPI 3.0's (a new object; nothing is changed). */
export function toOpenApi30(value: Json): Json {
  if (Array.isArray(value)) return value.map(toOpenApi30);
  if (typeof value !== 'object' || value === null) return value;
  const node = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, toOpenApi30(item)]));
  for (const [exclusive, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof node[exclusive] === 'number') {
      node[bound] = node[exclusive];
      node[exclusive] = true;
    }
  }
  if ('const' in node) {
    node.enum = [node.const];
    delete node.const;
  }
  if (Array.isArray(node.items)) {
    // 3.0 has no tuples: any item may be any of the positions', and `x-prefixItems` keeps each position's.
    const positions = node.items as Json[];
    node['x-prefixItems'] = positions;
    node.items = positions.length === 1 ? positions[0] : { anyOf: positions };
    node.minItems ??= positions.length;
    if (node.additionalItems === false) node.maxItems = positions.length;
    delete node.additionalItems;
  }
  return node;
}

type Document = ReturnType<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>;

export const openApiOptions: FastifyDynamicSwaggerOptions = {
  openapi: {
    openapi: '3.0.3',
    info: { title: 'TaniMitra API', version: '1.0.0', description: 'Kontrak digital petani dan mitra' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    security: [{ bearer: [] }],
  },
  transform: ({ schema, url, route }) => {
    const own = (schema ?? {}) as RouteSchema;
    if (own.hide) return { schema: own as FastifySchema, url };
    const derived = failuresOf(route, own, url).map((status) => [status, FAILURES[status]]);
    const response = { ...Object.fromEntries(derived), ...own.response };
    const headers = takesKey(route, own)
      ? {
          ...own.headers,
          type: 'object',
          properties: { ...own.headers?.properties, [IDEMPOTENCY_HEADER]: KEY_HEADER },
        }
      : own.headers;
    return { schema: { ...own, response, ...(headers ? { headers } : {}) } as FastifySchema, url };
  },
  transformObject: (documentObject) =>
    toOpenApi30('openapiObject' in documentObject ? documentObject.openapiObject : {}) as Document,
};
