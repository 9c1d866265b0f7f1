import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

/*
 * JSON built by PostgreSQL, for reads whose answer is sent as the text the database wrote (no parse, no
 * re-serialisation in Node). The values must be those the records' TypeBox schemas give on the wire.
 */

/** A SQL string literal of a constant of the code (a key, a path prefix, a message). */
export const literal = (text: string) => sql.raw(`'${text.replaceAll("'", "''")}'`);

/** A timestamptz as `Date#toISOString` writes it: UTC, milliseconds (truncated, as the driver's Date does), Z. */
export const isoTime = (timestamp: AnyColumn | SQL) =>
  sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** `json_build_object` of `fields`, key by key (at most 50 keys: PostgreSQL's 100 arguments). */
export const jsonObject = (fields: Record<string, AnyColumn | SQL>): SQL =>
  sql`json_build_object(${sql.join(
    Object.entries(fields).map(([key, value]) => sql`${literal(key)}, ${value}`),
    sql`, `,
  )})`;
