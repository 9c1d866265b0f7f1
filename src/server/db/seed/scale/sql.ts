import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../../engine/client.js';

/**
 * Pieces of SQL text for the scale data set's generators: each value is drawn from a hash of the row number,
 * so the same counts give the same data on every run.
 */
const DAY_SECONDS = 86_400;
/** The demo seed's dates count back from this day; so do the scale rows. */
export const ANCHOR = `timestamptz '2026-11-01 00:00:00+00'`;

export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
const textArray = (items: readonly string[]) => `ARRAY[${items.map(literal).join(',')}]::text[]`;
/** A non-negative pseudo-random bigint from row number `g` and a salt: stable across runs and servers. */
export const h = (g: string, salt: number) => `(hashint8extended(${g}, ${salt}) & 9223372036854775807)`;
/** Element of a SQL array literal chosen by hash. */
export const pick = (items: readonly string[], g: string, salt: number) =>
  `(${textArray(items)})[1 + mod(${h(g, salt)}, ${items.length})]`;
/** A moment up to `days` days before the anchor. */
export const before = (days: number, g: string, salt: number) =>
  `(${ANCHOR} - make_interval(secs => mod(${h(g, salt)}, ${days * DAY_SECONDS})))`;

/**
 * Runs one SQL statement (PGlite's parameterised protocol takes no more per call), logging its time under its
 * first words, or under `label` for a statement with parameters.
 */
export type Step = (query: string | SQL, label?: string) => Promise<unknown>;

/** The rows of a query written as text. */
export function rowsOfQuery<T>(db: Db | Tx, text: string): Promise<T[]> {
  return queryRows<T>(db, sql.raw(text));
}

/** Whether the schema has `table` (bench:scale may load the schema of an older commit). */
export async function hasTable(db: Db | Tx, table: string): Promise<boolean> {
  const text = `SELECT to_regclass(${literal(table)}) IS NOT NULL AS ok`;
  return (await rowsOfQuery<{ ok: boolean }>(db, text))[0]!.ok;
}

/** Whether `table` has `column` (bench:scale may load the schema of an older commit). */
export async function hasColumn(db: Db | Tx, table: string, column: string): Promise<boolean> {
  const text = `SELECT EXISTS (SELECT FROM pg_attribute WHERE attrelid = ${literal(table)}::regclass
    AND attname = ${literal(column)} AND NOT attisdropped) AS ok`;
  return (await rowsOfQuery<{ ok: boolean }>(db, text))[0]!.ok;
}

/** `count(*)` of a table. */
export async function countRows(db: Db | Tx, table: string): Promise<number> {
  return (await rowsOfQuery<{ n: number }>(db, `SELECT count(*)::int AS n FROM ${table}`))[0]!.n;
}

/** Rows a write touched: node-postgres says rowCount, PGlite affectedRows. */
export const rowsOf = (result: unknown) => {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
};
