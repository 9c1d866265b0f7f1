import fc from 'fast-check';
import { API_BASE_PATH } from '../../../../src/shared/constants.js';
import { fileBodies } from './files.js';
import { Existing, Filler, define, nested } from './lazy.js';
import type { JsonSchema, Operation } from './openapi.js';
import { pathReference } from './references.js';
import { edgeValue, validValue } from './values.js';

export const FUZZ_ROLES = ['anonymous', 'admin', 'petani', 'mitra'] as const;
export type FuzzRole = (typeof FUZZ_ROLES)[number];

/** The body limit of src/server/app.ts. */
export const BODY_LIMIT = 1024 * 1024;

export type BodySpec =
  | { kind: 'none' }
  /** application/json; `padTo` adds trailing spaces (still valid JSON) up to that many bytes. */
  | { kind: 'json'; value: unknown; padTo?: number }
  | { kind: 'raw'; contentType: string; text: string };

/** One generated request: URL pieces are percent-encoded text (or stand-ins from lazy.ts). */
export interface RequestCase {
  role: FuzzRole;
  path: Record<string, unknown>;
  query: [string, unknown][];
  body: BodySpec;
}

const url = (value: unknown) =>
  value instanceof Existing || value instanceof Filler ? value : encodeURIComponent(String(value));

const ID_EDGES: unknown[] = [
  '0',
  '1',
  '2147483647',
  '2147483648',
  '-1',
  '0x1',
  '1e0',
  '+1',
  'abc',
  '1.0',
  '01',
  '%201',
  '%00',
  '1%00',
  '%c0%ae',
  '%zz',
  '%2e%2e',
  '__proto__',
  '9'.repeat(30),
  new Filler(300, '9'),
];

const QUERY_EDGES: Record<string, unknown[]> = {
  integer: [...ID_EDGES.slice(0, 12), 'Infinity', '-Infinity', 'NaN', '', '%00', '1%00', '9'.repeat(400)],
  number: ['Infinity', '-Infinity', 'NaN', '1e999', '-1', '', 'abc', '%00'],
  string: ['', '%00', 'a%00b', '%zz', '%c0%ae', '%ff', '%ED%A0%80', '%F0%9F%8C%BE', new Filler(8000)],
  boolean: ['yes', '1', 'TRUE', '', 'null'],
  enum: ['zzz', '', 'ASC', '%00'],
};

const EXTRA_QUERY: [string, unknown][][] = [
  [['zzz', '1']],
  [['__proto__', 'x']],
  [['constructor', '1']],
  [
    ['page', '1'],
    ['page', '2'],
  ],
  [['limit[]', '1']],
  [['page[$gt]', '1']],
  [['%zz', '1']],
  // Past Node's 16 KiB request-head limit.
  [['q', new Filler(20_000)]],
];

const RAW_BODIES: [string, string][] = [
  ['application/json', '{'],
  ['application/json', '{"a":'],
  ['application/json', 'not json'],
  ['application/json', "{'a':1}"],
  ['application/json', 'null'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', '0'],
  ['application/json', '{"a":1}{"b":2}'],
  ['application/json', '\uFEFF{}'],
  ['application/json', '{"__proto__":{"role":"admin"}}'],
  ['application/json', '{"constructor":{"prototype":{"role":"admin"}}}'],
  ['application/json; charset=utf-16', '{}'],
  ['application/json; charset=latin1', '{"a":"\u00e9"}'],
  ['APPLICATION/JSON', '{}'],
  ['application/vnd.api+json', '{}'],
  ['text/plain', '{"a":1}'],
  ['application/x-www-form-urlencoded', 'a=1&b=2'],
  ['multipart/form-data; boundary=x', '--x--'],
  ['application/xml', '<a/>'],
];

const UNKNOWN_FIELDS = [
  'zzz_unknown',
  'id',
  'role',
  'password_hash',
  'is_admin',
  '__proto__',
  'constructor',
  'a\u0000b',
  '\ud800',
];

const types = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

/** A path value the route would find: one of its enum, an existing row's id, a valid text. */
function validPathValue(op: Operation, name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[])).map(url);
  if (types(schema).includes('integer'))
    return fc.nat(10_000).map((n) => new Existing(pathReference(op.path, name), n));
  return validValue(schema, name).map(url);
}

function pathValue(op: Operation, name: string, schema: JsonSchema): fc.Arbitrary<unknown> {
  const integer = !schema.enum && types(schema).includes('integer');
  return fc.oneof(
    { weight: 6, arbitrary: validPathValue(op, name, schema) },
    ...(integer ? [{ weight: 1, arbitrary: fc.integer({ min: 1, max: 1000 }).map(String) }] : []),
    { weight: integer ? 3 : 2, arbitrary: fc.constantFrom(...ID_EDGES) },
  );
}

function queryEdge(schema: JsonSchema): fc.Arbitrary<unknown> {
  const kind = schema.enum || schema.anyOf ? 'enum' : (types(schema)[0] ?? 'string');
  const edges = [...(QUERY_EDGES[kind] ?? QUERY_EDGES.string!)];
  if (typeof schema.maxLength === 'number') edges.push(new Filler(schema.maxLength + 1));
  return fc.constantFrom(...edges);
}

function query(op: Operation): fc.Arbitrary<[string, unknown][]> {
  const params = op.query.map(({ name, schema }) =>
    fc
      .oneof(
        { weight: 4, arbitrary: fc.constant(undefined) },
        { weight: 4, arbitrary: validValue(schema, name).map(url) },
        { weight: 2, arbitrary: queryEdge(schema) },
      )
      .map((value): [string, unknown][] => (value === undefined ? [] : [[name, value]])),
  );
  const extra = fc.oneof(
    { weight: 8, arbitrary: fc.constant<[string, unknown][]>([]) },
    { weight: 1, arbitrary: fc.constantFrom(...EXTRA_QUERY) },
  );
  return fc.tuple(extra, ...params).map((lists) => lists.flat());
}

const json = (value: unknown, padTo?: number): BodySpec => ({
  kind: 'json',
  value,
  ...(padTo ? { padTo } : {}),
});

const withField = (value: unknown, key: string, item: unknown) => {
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  define(copy, key, item);
  return copy;
};

const deepValue = fc
  .tuple(
    fc.constantFrom(16, 31, 32, 33, 64, 2001, 5000, 20_000),
    fc.constantFrom('array' as const, 'object' as const),
  )
  .map(([depth, kind]) => nested(depth, kind));

/** JSON that is not an object: every route refuses it (400), whether it takes a body or not. */
export const isNonObjectJson = (body: BodySpec) =>
  body.kind === 'json' &&
  (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value));

const nonObjects = fc.constantFrom<unknown>([], [{}], 0, 'text', null, true);

/** Bodies that are not what any route takes: no body, empty, not JSON, deep, past the size limit. */
const junkBodies = {
  none: fc.constant<BodySpec>({ kind: 'none' }),
  empty: fc.constant<BodySpec>({ kind: 'raw', contentType: 'application/json', text: '' }),
  raw: fc
    .constantFrom(...RAW_BODIES)
    .map(([contentType, text]): BodySpec => ({ kind: 'raw', contentType, text })),
  deep: deepValue.map((value) => json(value)),
  tooLarge: fc.constant(json({ a: 1 }, BODY_LIMIT + 1)),
};

function bodyFor(schema: JsonSchema): fc.Arbitrary<BodySpec> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const keys = Object.keys(properties);
  const fieldKeys = keys.length > 0 ? keys : ['zzz'];
  const stringKeys = keys.filter((key) => types(properties[key]!).includes('string'));
  const textKey = fc.constantFrom(...(stringKeys.length > 0 ? stringKeys : fieldKeys));
  const valid = validValue(schema);
  const mutated = fc
    .constantFrom(...fieldKeys)
    .chain((key) =>
      fc
        .tuple(valid, edgeValue(properties[key] ?? {}))
        .map(([value, edge]) => json(withField(value, key, edge))),
    );
  const required: string[] = schema.required ?? [];
  const missingRequired = () =>
    fc.tuple(valid, fc.constantFrom(...required)).map(([value, key]) => {
      const copy = { ...(value as Record<string, unknown>) };
      delete copy[key];
      return json(copy);
    });
  return fc.oneof(
    { weight: 10, arbitrary: valid.map((value) => json(value)) },
    { weight: 8, arbitrary: mutated },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          valid,
          fc.constantFrom(...UNKNOWN_FIELDS),
          fc.constantFrom<unknown>(1, 'x', true, null, { role: 'admin' }),
        )
        .map(([value, key, item]) => json(withField(value, key, item))),
    },
    ...(required.length > 0 ? [{ weight: 1, arbitrary: missingRequired() }] : []),
    {
      weight: 2,
      arbitrary: fc.oneof(
        junkBodies.deep,
        fc
          .tuple(valid, fc.constantFrom(...fieldKeys), deepValue)
          .map(([v, key, deep]) => json(withField(v, key, deep))),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, textKey).map(([value, key]) => json(withField(value, key, 'a\u0000b'))),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, textKey, fc.constantFrom('\u202e', '\u2066', '\u202a'))
        .map(([value, key, control]) => json(withField(value, key, `Sawah ${control}Makmur`))),
    },
    // A valid body sent inside an array, or another JSON value than an object.
    {
      weight: 1,
      arbitrary: fc.oneof(
        valid.map((value) => json([value])),
        nonObjects.map((v) => json(v)),
      ),
    },
    {
      weight: 1,
      arbitrary: fc.oneof(
        // A stored text near the limit, a body just under it, and one just over it.
        fc
          .tuple(valid, textKey)
          .map(([value, key]) => json(withField(value, key, new Filler(BODY_LIMIT - 2048)))),
        valid.map((value) => json(value, BODY_LIMIT - 16)),
        valid.map((value) => json(value, BODY_LIMIT + 1)),
      ),
    },
    { weight: 1, arbitrary: junkBodies.empty },
    { weight: 1, arbitrary: junkBodies.none },
    { weight: 2, arbitrary: junkBodies.raw },
  );
}

function body(op: Operation): fc.Arbitrary<BodySpec> {
  // fetch cannot send a body with GET.
  if (op.method === 'GET') return junkBodies.none;
  if (op.body) return bodyFor(op.body);
  if (op.fileBody)
    return fileBodies(
      op.fileBody,
      fc.oneof(junkBodies.none, junkBodies.raw, junkBodies.deep, junkBodies.tooLarge),
    );
  return fc.oneof(
    { weight: 10, arbitrary: junkBodies.none },
    { weight: 1, arbitrary: fc.constantFrom({ a: 1 }, {}).map((value) => json(value)) },
    { weight: 1, arbitrary: nonObjects.map((value) => json(value)) },
    { weight: 2, arbitrary: junkBodies.deep },
    { weight: 1, arbitrary: junkBodies.raw },
    { weight: 1, arbitrary: junkBodies.tooLarge },
    { weight: 1, arbitrary: junkBodies.empty },
  );
}

/** Admin routes are tried mostly as an admin, so that their writes get past the guard. */
function role(op: Operation): fc.Arbitrary<FuzzRole> {
  const adminRoute = op.path.startsWith(`${API_BASE_PATH}/admin`);
  return fc.oneof(
    ...FUZZ_ROLES.map((r) => ({ weight: adminRoute && r === 'admin' ? 4 : 1, arbitrary: fc.constant(r) })),
  );
}

function pathParams(op: Operation, value: typeof pathValue): fc.Arbitrary<Record<string, unknown>> {
  return fc.record(
    Object.fromEntries(op.pathParams.map(({ name, schema }) => [name, value(op, name, schema)])),
  ) as fc.Arbitrary<Record<string, unknown>>;
}

/** Requests to one operation of the OpenAPI document. */
export function requestCases(op: Operation): fc.Arbitrary<RequestCase> {
  return fc.record({ role: role(op), path: pathParams(op, pathValue), query: query(op), body: body(op) });
}

/**
 * A request an admin would send: existing ids, no query, a body valid by the schema. Each operation's
 * runs start with one, so that how many admin writes land does not hang on the random seed.
 */
export function adminCase(op: Operation): fc.Arbitrary<RequestCase> {
  return fc.record({
    role: fc.constant<FuzzRole>('admin'),
    path: pathParams(op, validPathValue),
    query: fc.constant([]),
    body: op.method === 'GET' || !op.body ? junkBodies.none : validValue(op.body).map((value) => json(value)),
  });
}
