import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES } from '../../shared/messages.js';
import { syncHook } from './sync-hook.js';

/**
 * Numbers in the path and the query string are plain decimals. Ajv's type coercion reads anything `Number()`
 * reads — `0x1`, `1e0`, `+1`, ` 1`, `Infinity` — so `/lahan/0x1` would answer lahan 1. This hook looks at the
 * raw text of every integer and number property of the route's params and querystring schemas before ajv does.
 */

type Kind = 'integer' | 'number';
type Location = 'params' | 'querystring';

const FORMATS: Record<Kind, { pattern: RegExp; message: string }> = {
  integer: { pattern: /^(0|-?[1-9][0-9]*)$/, message: MESSAGES.http.notWholeNumber },
  number: {
    pattern: /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/,
    message: MESSAGES.http.notNumber,
  },
};

const kindOf = (schema: unknown): Kind | undefined => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  const types = Array.isArray(type) ? type : [type];
  if (types.includes('integer')) return 'integer';
  if (types.includes('number')) return 'number';
  return undefined;
};

const numericFields = new WeakMap<object, [string, Kind][]>();

/** The integer and number properties of an object schema (computed once per schema). */
function numericFieldsOf(schema: unknown): [string, Kind][] {
  if (typeof schema !== 'object' || schema === null) return [];
  let fields = numericFields.get(schema);
  if (!fields) {
    const properties = (schema as { properties?: Record<string, unknown> }).properties ?? {};
    fields = Object.entries(properties).flatMap(([name, property]) => {
      const kind = kindOf(property);
      return kind ? [[name, kind] as [string, Kind]] : [];
    });
    numericFields.set(schema, fields);
  }
  return fields;
}

/** The same shape as Fastify's own validation errors, so the error handler answers it the same way. */
function validationFailure(location: Location, field: string, message: string) {
  const where = location === 'params' ? 'params' : 'querystring';
  return Object.assign(new Error(`${where}/${field} ${message}`), {
    statusCode: 400,
    validation: [{ instancePath: `/${field}`, params: {}, message, keyword: 'format', schemaPath: '' }],
    validationContext: where,
  });
}

function check(location: Location, schema: unknown, values: unknown) {
  if (typeof values !== 'object' || values === null) return;
  for (const [field, kind] of numericFieldsOf(schema)) {
    const raw = (values as Record<string, unknown>)[field];
    if (raw === undefined) continue;
    const { pattern, message } = FORMATS[kind];
    for (const item of Array.isArray(raw) ? raw : [raw]) {
      // 309 nines match the pattern but read as Infinity.
      if (typeof item === 'string' && !(pattern.test(item) && Number.isFinite(Number(item))))
        throw validationFailure(location, field, message);
    }
  }
}

/** Whether every integer and number in `values` (a path's params) is written as a plain decimal. */
export function hasPlainNumbers(schema: unknown, values: Record<string, string>): boolean {
  try {
    check('params', schema, values);
    return true;
  } catch {
    return false;
  }
}

function strictNumbers(request: FastifyRequest) {
  const schema = request.routeOptions.schema;
  if (!schema) return;
  check('params', schema.params, request.params);
  check('querystring', schema.querystring, request.query);
}

/** Installs the check for every route (root-level hooks run before each route's own preValidation). */
export function installStrictNumbers(app: FastifyInstance) {
  app.addHook('preValidation', syncHook(strictNumbers));
}
