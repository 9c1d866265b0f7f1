import fc from 'fast-check';
import { DEMO_ADMIN, DEMO_MITRA, DEMO_PETANI } from '../app.js';
import { Existing, Filler, RawJson, define } from './lazy.js';
import type { JsonSchema } from './openapi.js';
import { fieldReference } from './references.js';

/*
 * Values for a JSON schema of the OpenAPI document: `validValue` what the schema accepts (with a few
 * field names that the schema alone cannot make valid — emails, passwords, phone numbers, NIKs, ids of
 * existing rows), `edgeValue` what sits on or past its edges or is of another type.
 */

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const DEMO_ACCOUNTS = [DEMO_ADMIN, DEMO_PETANI, DEMO_MITRA];

const newPassword = fc.nat(999_999).map((n) => `Fuzz${n}pass`);
const password = fc.oneof(fc.constantFrom(...DEMO_ACCOUNTS.map((a) => a.password)), newPassword);

/**
 * A NIK the rule accepts (modules/auth/nik.ts): a real kecamatan (Cibinong, Tenjo, Kota Bogor's Bogor Barat,
 * Jember's Jombang), a calendar date (day + 40 for women), a serial from 0001.
 */
const nik = fc
  .tuple(
    fc.constantFrom('320101', '320123', '327104', '350901'),
    fc.integer({ min: 1, max: 28 }),
    fc.boolean(),
    fc.integer({ min: 1, max: 12 }),
    fc.nat(99),
    fc.integer({ min: 1, max: 9999 }),
  )
  .map(([area, day, female, month, year, serial]) =>
    [area, day + (female ? 40 : 0), month, year, serial]
      .map((part, i) => String(part).padStart([6, 2, 2, 2, 4][i]!, '0'))
      .join(''),
  );

/** Strings that a field of this name needs to be accepted; the schema says only "string". */
const STRING_HINTS: Record<string, fc.Arbitrary<string>> = {
  email: fc.oneof(
    { weight: 4, arbitrary: fc.nat(999_999).map((n) => `fuzz${n}@example.test`) },
    { weight: 1, arbitrary: fc.constantFrom(...DEMO_ACCOUNTS.map((a) => a.email)) },
  ),
  password,
  currentPassword: password,
  newPassword,
  // Mobile ranges libphonenumber knows (shared/phone.ts refuses a number outside them).
  phone: fc.stringMatching(/^08(?:1[1-3]|2[12]|5[2367]|7[78]|95)\d{7,9}$/),
  nik,
  username: fc.stringMatching(/^[a-z][a-z0-9_]{2,20}$/),
  version: fc.tuple(fc.nat(9), fc.nat(20), fc.nat(99)).map((parts) => parts.join('.')),
  downloadUrl: fc.nat(9999).map((n) => `https://example.com/app-${n}.apk`),
  url_image: fc.nat(9999).map((n) => `https://example.com/img/${n}.png`),
  content_base64: fc.constant(PNG_1X1),
  mime_type: fc.constant('image/png'),
};

const WORDS = [
  'Sawah',
  'Makmur',
  'Padi',
  'Jagung',
  'Kebun',
  'Subur',
  'Blok',
  'Kopi',
  'Cabai',
  'Desa',
  'Tani',
];
const words = fc
  .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }), fc.nat(99_999))
  .map(([parts, n]) => `${parts.join(' ')} ${n}`);

const orNull = (arb: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 5, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) });

const types = (schema: JsonSchema): string[] => [schema.type ?? []].flat();

const day = (date: Date) => date.toISOString().slice(0, 10);
const dates = fc
  .integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2032, 11, 31) })
  .map((ms) => new Date(ms));

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'date') return dates.map(day);
  if (schema.format === 'date-time') return dates.map((d) => d.toISOString());
  const min: number = schema.minLength ?? 0;
  const max: number = schema.maxLength ?? 200;
  const pattern = schema.pattern ? new RegExp(schema.pattern, 'u') : undefined;
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  const text = fc.oneof(
    { weight: 4, arbitrary: words },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 40 }) },
  );
  // A pattern that ordinary words do not satisfy (e.g. digits only) is generated from the pattern itself.
  if (pattern && !pattern.test('Sawah Makmur 1')) return fc.stringMatching(pattern).filter(fits);
  return text.map((s) => s.slice(0, max).padEnd(min, 'x')).filter(fits);
}

/** Bounds as OpenAPI 3.0 writes them: `minimum` with `exclusiveMinimum: true` when the bound itself is out. */
function numberBounds(schema: JsonSchema) {
  const min: number = schema.minimum ?? -1_000_000;
  const max: number = schema.maximum ?? min + 1_000_000;
  return {
    min,
    max,
    minExcluded: schema.exclusiveMinimum === true,
    maxExcluded: schema.exclusiveMaximum === true,
  };
}

/** A tuple's schema of each position: 3.0 has no tuples, so the document keeps them as `x-prefixItems`. */
const tupleOf = (schema: JsonSchema): JsonSchema[] | undefined => schema['x-prefixItems'];

function validInteger(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const ref = fieldReference(name);
  // Person #0 of a role is the one whose token the fuzz uses: a mitra proposing a contract names itself.
  if (ref) return fc.oneof(fc.constant(0), fc.nat(10_000)).map((n) => new Existing(ref, n));
  const b = numberBounds(schema);
  const min = Math.ceil(b.minExcluded ? b.min + 1 : b.min);
  const max = Math.floor(b.maxExcluded ? b.max - 1 : b.max);
  return fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min, max: Math.min(max, min + 20) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
  );
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  const b = numberBounds(schema);
  const inside = (n: number) =>
    (b.minExcluded ? n > b.min : n >= b.min) && (b.maxExcluded ? n < b.max : n <= b.max);
  const cents = fc
    .integer({ min: Math.ceil(b.min * 100), max: Math.floor(Math.min(b.max, b.min + 100_000) * 100) })
    .map((n) => n / 100);
  return fc
    .oneof(
      { weight: 3, arbitrary: cents },
      { weight: 1, arbitrary: fc.double({ ...b, noNaN: true, noDefaultInfinity: true }) },
    )
    .filter(inside);
}

/**
 * A property described "Same as full_name" is another name the API accepts for that field (e.g. `no_phone`
 * for `phone`); a valid body sends each field under one of its names, since two different values conflict.
 */
const ALIAS = /^Same as (\w+)/;

function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const names = new Map<string, string[]>();
  for (const [key, s] of Object.entries(properties)) {
    const canonical = ALIAS.exec(s.description ?? '')?.[1];
    if (canonical && canonical in properties)
      names.set(canonical, [...(names.get(canonical) ?? [canonical]), key]);
  }
  const aliases = new Set([...names.values()].flatMap((list) => list.slice(1)));
  const own = Object.keys(properties).filter((key) => !aliases.has(key));
  const arbs = Object.fromEntries(own.map((key) => [key, validValue(properties[key]!, key)]));
  const required = ((schema.required ?? []) as string[]).filter((key) => own.includes(key));
  // Fields that apply to one role only refuse the whole body for another, so a third carry no optional field.
  const minimal = fc.record(Object.fromEntries(required.map((key) => [key, arbs[key]!])));
  const records = fc.oneof(
    minimal,
    fc.record(arbs, { requiredKeys: required }),
    fc.record(arbs, { requiredKeys: required }),
  );
  return fc.tuple(records, fc.nat()).map(([value, pick]) => {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      const choices = names.get(key) ?? [key];
      define(out, choices[pick % choices.length]!, item);
    }
    return out;
  });
}

function validArray(schema: JsonSchema, name: string): fc.Arbitrary<unknown[]> {
  const tuple = tupleOf(schema);
  if (tuple) return fc.tuple(...tuple.map((s) => validValue(s, name)));
  const minLength: number = schema.minItems ?? 0;
  const maxLength = Math.min(schema.maxItems ?? 3, Math.max(minLength, 3));
  return fc.array(validValue(schema.items ?? {}, name), { minLength, maxLength });
}

/** A value `schema` accepts; `name` is the field or parameter it is for. */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const nullable = schema.nullable === true || types(schema).includes('null');
  const arb = validNonNull(schema, name);
  return nullable ? orNull(arb) : arb;
}

function validNonNull(schema: JsonSchema, name: string): fc.Arbitrary<unknown> {
  const choices: JsonSchema[] | undefined = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((s) => validValue(s, name)));
  if (schema.enum) return fc.constantFrom(...(schema.enum as unknown[]));
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = types(schema).find((t) => t !== 'null');
  const hint = STRING_HINTS[name];
  switch (type) {
    case 'string':
      return hint ?? validString(schema);
    case 'integer':
      return validInteger(schema, name);
    case 'number':
      return validNumber(schema);
    case 'boolean':
      return fc.boolean();
    case 'array':
      return validArray(schema, name);
    case 'object':
      return validObject(schema);
    default:
      return fc.constant({});
  }
}

const WRONG_TYPES: unknown[] = [null, true, false, 0, -1, 1.5, '', 'x', [], {}, [1], { a: 1 }];

const STRING_EDGES: unknown[] = [
  '',
  ' ',
  '\t\n',
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udc00',
  '🙂🌾',
  '\u202eabc',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '=HYPERLINK("http://evil.example","x")',
  '../../etc/passwd',
  'NaN',
  '1e999',
  new Filler(100_000),
  new Filler(10_000, 'é'),
];

const DATE_EDGES: unknown[] = [
  '2024-02-30',
  '2024-13-01',
  '0000-01-01',
  '9999-12-31',
  '10000-01-01',
  '2024-1-1',
  '2024-01-01T00:00:00Z',
  'yesterday',
];

const INTEGER_EDGES: unknown[] = [
  0,
  -1,
  1,
  2147483647,
  2147483648,
  -2147483648,
  -2147483649,
  1.5,
  1e308,
  '1',
  '0x1',
  '1e0',
  '+1',
  ' 1',
  'abc',
  '١',
  new RawJson('9007199254740993'),
  new RawJson('1e999'),
  new RawJson('-0'),
];

const NUMBER_EDGES: unknown[] = [
  0,
  -1,
  5e-324,
  1e308,
  -1e308,
  '1.5',
  'Infinity',
  'NaN',
  new RawJson('1e999'),
  new RawJson('-1e999'),
  new RawJson('-0'),
  new RawJson('Infinity'),
  new RawJson('NaN'),
];

const BOOLEAN_EDGES: unknown[] = ['true', 'false', 1, 0, 'yes', 'TRUE', ''];

/** A value on or past the edges of `schema`, or of another type. */
export function edgeValue(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type =
    types(schema).find((t) => t !== 'null') ?? (schema.enum ? 'enum' : schema.anyOf ? 'anyOf' : '');
  const edges: unknown[] = [...WRONG_TYPES];
  if (type === 'string') {
    edges.push(...STRING_EDGES, ...(schema.format === 'date' ? DATE_EDGES : []));
    if (typeof schema.maxLength === 'number') {
      edges.push(
        new Filler(schema.maxLength),
        new Filler(schema.maxLength + 1),
        new Filler(schema.maxLength, 'é'),
      );
    }
  }
  if (type === 'integer' || type === 'number') {
    edges.push(...(type === 'integer' ? INTEGER_EDGES : NUMBER_EDGES));
    for (const bound of [schema.minimum, schema.maximum]) {
      if (typeof bound === 'number') edges.push(bound, bound - 1, bound + 1);
    }
  }
  if (type === 'boolean') edges.push(...BOOLEAN_EDGES);
  if (type === 'enum' || type === 'anyOf') edges.push('zzz', 'ACTIVE', ' active', STRING_EDGES[3]);
  if (type === 'array') {
    edges.push([null], [[]], [{}], new Filler(0));
    if (typeof schema.maxItems === 'number' && !tupleOf(schema)) {
      edges.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
    }
  }
  if (type === 'object') edges.push({ zzz: 1 }, { type: 'Point' }, { type: 'Point', coordinates: [] });
  return fc.constantFrom(...edges);
}
