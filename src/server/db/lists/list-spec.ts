import { equalsIfGiven } from './filters.js';
import { and, asc, count, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../http/context.js';
import type { SessionCheck } from '../../http/guards.js';
import type { Db, Tx } from '../engine/client.js';
import { listCounts } from '../schema.js';

/*
 * What a list page reads, shared by every list (db/lists/list-json.ts `listJson` reads the page):
 *   ListSpec                   the list's table, filters, sort, page and where its total comes from
 *   counted(entity, keys)      a total read from list_counts (unfiltered, or filtered by enum columns only)
 *   CAPPED_COUNT               a search or free filter: its rows counted up to COUNT_CAP + 1, so that the
 *                              count costs at most that many rows at any size (pagination.totalExact)
 *   CountQuery                 an exact total of the list's own (lahan by area: the area bins' counters)
 *   SortColumns<typeof KEYS>   the sort expressions of a list by its sort keys
 *   idsQuery, totalQuery       the statements of a page's ids and of its total
 *
 * The id query reads only the base table (plus `join` when a condition needs another table), ordered by
 * the sort key and id, so that an index on (sort key, id) serves it; the records — joins, computed columns —
 * are read for the ≤ limit ids of the page only, in the same statement.
 */

/** Where a list's total comes from. */
export type TotalSource = { entity: string; k1?: unknown; k2?: unknown } | typeof CAPPED_COUNT | CountQuery;

/** An exact total read by a query of the list's own, exactly what `where` finds. */
export interface CountQuery {
  count: () => SQL<number>;
}

export const CAPPED_COUNT = 'capped';

/**
 * A capped total counts at most this many rows exactly (as GitLab's and Django's admin lists do); past it the
 * answer says `total: COUNT_CAP, totalExact: false` (docs/API.md).
 */
export const COUNT_CAP = 1000;

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

/** The rows the list's `where` finds, counted up to COUNT_CAP + 1 (more than the cap: COUNT_CAP + 1). */
function cappedCount(db: Db | Tx, spec: ListSpec, columns: Record<string, SQL>) {
  const rows = db
    .select({ one: sql`1` })
    .from(spec.table)
    .$dynamic();
  const found = (spec.join ? spec.join(rows) : rows).where(spec.where).limit(COUNT_CAP + 1);
  return db
    .select({ n: count(), ...columns })
    .from(sql`(${found}) found`)
    .$dynamic();
}

/** The statement that reads the list's total (`n`), and `caller` when it is to check the session. */
export function totalQuery(db: Db | Tx, spec: ListSpec, caller?: SQL<AuthUser | null>) {
  const columns: Record<string, SQL> = caller ? { caller } : {};
  if (spec.total === CAPPED_COUNT) return cappedCount(db, spec, columns);
  if ('count' in spec.total) {
    const n = spec.total.count();
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
