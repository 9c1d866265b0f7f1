import { equalsIfGiven } from './filters.js';
import { and, asc, count, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../http/context.js';
import type { SessionCheck } from '../http/guards.js';
import type { Db, Tx } from './client.js';
import { listCounts } from './schema.js';

/*
 * What a list page reads, shared by every list (db/list-json.ts `listJson` reads the page):
 *   ListSpec                   the list's table, filters, sort, page and where its total comes from
 *   counted(entity, keys)      a total read from list_counts (unfiltered, or filtered by enum columns only)
 *   EXACT_COUNT                a total counted over the filtered ids (any other filter)
 *   CountQuery                 a total counted by the list's own query (account searches: db/word-search.ts)
 *   SortColumns<typeof KEYS>   the sort expressions of a list by its sort keys
 *   idsQuery, totalQuery       the statements of a page's ids and of its total
 *
 * The id query reads only the base table (plus `join` when a condition needs another table), ordered by
 * the sort key and id, so that an index on (sort key, id) serves it; the records — joins, computed columns —
 * are read for the ≤ limit ids of the page only, in the same statement.
 */

/** Where a list's total comes from. */
export type TotalSource = { entity: string; k1?: unknown; k2?: unknown } | typeof EXACT_COUNT | CountQuery;

/**
 * A total counted by a query of the list's own (db/word-search.ts), exactly what `where` finds; it may fall
 * back to `rows`, the count of the filtered rows (what EXACT_COUNT runs).
 */
export interface CountQuery {
  count: (rows: SQL<number>) => SQL<number>;
}

export const EXACT_COUNT = 'count';

/**
 * The total from the trigger-kept counters (migration 0006_list_counts): `keys` are the values of the
 * table's enum columns k1 and k2 that the list is filtered by (undefined: any).
 */
export const counted = (entity: string, keys: { k1?: unknown; k2?: unknown } = {}): TotalSource => ({
  entity,
  ...keys,
});

/** A list's allow-listed sort expressions by the sort keys its query accepts (`typeof X_SORT_KEYS`). */
export type SortColumns<K extends readonly string[]> = Record<K[number], AnyColumn | SQL>;

export interface ListSpec {
  table: PgTable;
  id: PgColumn;
  /** Filters and search; conditions on other tables need `join`. */
  where: SQL | undefined;
  /** Joins that `where` needs (added to the id query and the exact count only). */
  join?: (query: PgSelect) => PgSelect;
  /** The allow-listed sort expression (or expressions); id breaks ties in the same direction. */
  sort: AnyColumn | SQL | (AnyColumn | SQL)[];
  order: 'asc' | 'desc';
  page: number;
  limit: number;
  total: TotalSource;
  /** The caller's session, checked by the list's first statement (http/guards.ts). */
  session?: SessionCheck;
}

/** The count of the rows the list's `where` finds, beside `columns`. */
export function rowCountQuery(db: Db | Tx, spec: ListSpec, columns: Record<string, SQL> = {}) {
  const query = db
    .select({ n: count(), ...columns })
    .from(spec.table)
    .$dynamic();
  return (spec.join ? spec.join(query) : query).where(spec.where);
}

/** The statement that reads the list's total (`n`), and `caller` when it is to check the session. */
export function totalQuery(db: Db | Tx, spec: ListSpec, caller?: SQL<AuthUser | null>) {
  const columns: Record<string, SQL> = caller ? { caller } : {};
  if (spec.total === EXACT_COUNT) return rowCountQuery(db, spec, columns);
  if ('count' in spec.total) {
    const n = spec.total.count(sql<number>`(${rowCountQuery(db, spec)})`);
    return db.select({ n: sql<number>`(${n})`.mapWith(Number), ...columns }).from(sql`(select) one`);
  }
  const { entity, k1, k2 } = spec.total;
  return db
    .select({ n: sql<number>`coalesce(sum(${listCounts.n}), 0)`.mapWith(Number), ...columns })
    .from(listCounts)
    .where(
      and(eq(listCounts.entity, entity), equalsIfGiven(listCounts.k1, k1), equalsIfGiven(listCounts.k2, k2)),
    );
}

/** The ids query: `limit` ids from `offset` on, in the list's order or (`reverse`) the opposite one. */
export function idsQuery(
  db: Db | Tx,
  spec: ListSpec,
  offset: number | Placeholder,
  limit: number | Placeholder,
  reverse: boolean,
) {
  const direction = (spec.order === 'asc') !== reverse ? asc : desc;
  const query = db.select({ id: spec.id }).from(spec.table).$dynamic();
  return (spec.join ? spec.join(query) : query)
    .where(spec.where)
    .orderBy(...[spec.sort].flat().map(direction), direction(spec.id))
    .limit(limit)
    .offset(offset);
}
