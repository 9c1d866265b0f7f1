import type { AnyColumn, SQL } from 'drizzle-orm';
import { Type, type TObject, type TSchema } from 'typebox';
import { Nullable, Timestamp } from '../../http/schemas.js';
import { isoTime, jsonObject } from './json.js';

/*
 * A record's fields, declared once: what Drizzle selects (a row of the service), what PostgreSQL writes into
 * the record's JSON (a list page, db/lists/list-json.ts) and the TypeBox schema both must match on the wire.
 */

/** One field of a record. */
export interface Field<V extends AnyColumn | SQL = AnyColumn | SQL, S extends TSchema = TSchema> {
  /** The column or SQL a Drizzle select reads. */
  select: V;
  /** What `json_build_object` writes for it (a timestamp as `isoTime`). */
  json: AnyColumn | SQL;
  schema: S;
}

const plain = <V extends AnyColumn | SQL, S extends TSchema>(value: V, schema: S): Field<V, S> => ({
  select: value,
  json: value,
  schema,
});

type Options = Record<string, unknown>;

export const integer = <V extends AnyColumn | SQL>(value: V, options: Options = {}) =>
  plain(value, Type.Integer(options));
export const text = <V extends AnyColumn | SQL>(value: V, options: Options = {}) =>
  plain(value, Type.String(options));
export const number = <V extends AnyColumn | SQL>(value: V, options: Options = {}) =>
  plain(value, Type.Number(options));
export const boolean = <V extends AnyColumn | SQL>(value: V, options: Options = {}) =>
  plain(value, Type.Boolean(options));
/** A column of one of `values` (a PostgreSQL enum or a checked text). */
export const oneOf = <V extends AnyColumn | SQL, const E extends readonly string[]>(
  value: V,
  values: E,
  options: Options = {},
) => plain(value, Type.Enum(values, options));
/** Any other value, with the schema its JSON has (an array, an object). */
export const shaped = plain;

/** A timestamptz: a Date in the service, `isoTime` in the database's JSON, an ISO string on the wire. */
export const timestamp = <V extends AnyColumn | SQL>(value: V): Field<V, typeof Timestamp> => ({
  select: value,
  json: isoTime(value),
  schema: Timestamp,
});

/** The field, or null. */
export const nullable = <V extends AnyColumn | SQL, S extends TSchema>(field: Field<V, S>) => ({
  ...field,
  schema: Nullable(field.schema),
});

type Fields = Record<string, Field>;
const each = <F extends Fields, T>(fields: F, pick: (field: Field) => T) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, pick(field)])) as {
    [K in keyof F]: T;
  };

/** A record's select object, JSON and schema, from its fields (in their order on the wire). */
export function record<const F extends Fields>(fields: F, description?: string) {
  return {
    fields,
    select: each(fields, (field) => field.select) as { [K in keyof F]: F[K]['select'] },
    json: jsonObject(each(fields, (field) => field.json)),
    schema: Type.Object(
      each(fields, (field) => field.schema) as { [K in keyof F]: F[K]['schema'] },
      description ? { description } : {},
    ) as TObject<{ [K in keyof F]: F[K]['schema'] }>,
  };
}

export type RecordDeclaration = ReturnType<typeof record>;
