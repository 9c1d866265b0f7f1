import { getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { queryRows, type Db } from '../engine/client.js';

/*
 * Whether a search's capped count reads its trigram index in parts (tables/columns.ts `trgmParts`) depends on
 * the table's size. Planning eight parts costs more than the parts save until the table is large: PostgreSQL at
 * 100k users, petani `budi` counted 2.3–3.5 ms on the whole index, 4.8–5.9 ms in parts, and bench:scale's petani
 * `q=budi` ran at 2.08× its peer counted whole, 1.20× in parts; at 300k lahan the two were even; at 1M users /
 * 3M lahan the parts win 2–10×.
 */

/** From this many rows (the planner's estimate) a search counts in parts. */
export const SEARCH_PARTS_FROM_ROWS = 500_000;
/** How long a table's size is kept before it is read again. */
const SIZE_KEPT_MS = 60_000;

interface Kept {
  rows: Promise<number>;
  at: number;
}
const sizes = new WeakMap<Db, Map<string, Kept>>();
const thresholds = new WeakMap<Db, number>();

/**
 * The table's rows as the planner last estimated them (`pg_class.reltuples`, which ANALYZE, autovacuum and index
 * builds keep; -1 before the first: 0), read at most once a minute per database.
 */
function estimatedRows(db: Db, table: PgTable): Promise<number> {
  const name = getTableName(table);
  let kept = sizes.get(db);
  if (!kept) sizes.set(db, (kept = new Map()));
  const known = kept.get(name);
  if (known && Date.now() - known.at < SIZE_KEPT_MS) return known.rows;
  const rows = queryRows<{ rows: number }>(
    db,
    sql`select greatest(reltuples, 0)::float8 as rows from pg_class where oid = to_regclass(${name})`,
  ).then(([row]) => Number(row?.rows ?? 0));
  kept.set(name, { rows, at: Date.now() });
  // A failed read (a lost connection) is not kept: the next search reads again.
  rows.catch(() => kept.get(name)?.rows === rows && kept.delete(name));
  return rows;
}

/** Whether a search of `table` counts in parts: the table holds at least SEARCH_PARTS_FROM_ROWS rows. */
export const countsInParts = async (db: Db, table: PgTable) =>
  (await estimatedRows(db, table)) >= (thresholds.get(db) ?? SEARCH_PARTS_FROM_ROWS);

/**
 * Sets the size from which a search on `db` counts in parts (tests cover both counts on small tables); undefined:
 * SEARCH_PARTS_FROM_ROWS again.
 */
export const countInPartsFrom = (db: Db, rows: number | undefined) =>
  rows === undefined ? thresholds.delete(db) : thresholds.set(db, rows);
