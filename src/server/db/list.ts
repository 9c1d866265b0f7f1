import { and, asc, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.js';
import { listCounts } from './schema.js';

/*
 * Every admin/API list: ids first, details after. Public API of this file:
 *   listPage(db, spec, load)   { rows, total } of one page
 *   counted(entity, keys)      a total read from list_counts (unfiltered, or filtered by enum columns only)
 *   EXACT_COUNT                a total counted over the filtered ids (any other filter)
 *
 * The id query reads only the base table (plus `join` when a condition needs another table), ordered by
 * the sort key and id, so that an index on (sort key, id) serves it; the details — joins, document
 * subqueries, counts — are then loaded for the ≤ limit ids of the page only.
 */

/** Where a list's total comes from. */
export type TotalSource = { entity: string; k1?: string; k2?: string } | typeof EXACT_COUNT;

export const EXACT_COUNT = 'count';

/**
 * The total from the trigger-kept counters (migration 0006_list_counts): `keys` are the values of the
 * table's enum columns k1 and k2 that the list is filtered by (undefined: any).
 */
export const counted = (entity: string, keys: { k1?: string; k2?: string } = {}): TotalSource => ({
  entity,
  ...keys,
});

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
}

export interface ListPage<R> {
  rows: R[];
  total: number;
}

async function totalOf(db: Db | Tx, spec: ListSpec): Promise<number> {
  if (spec.total === EXACT_COUNT) {
    const query = db.select({ n: count() }).from(spec.table).$dynamic();
    const [row] = (await (spec.join ? spec.join(query) : query).where(spec.where)) as { n: number }[];
    return row?.n ?? 0;
  }
  const { entity, k1, k2 } = spec.total;
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${listCounts.n}), 0)` })
    .from(listCounts)
    .where(
      and(
        eq(listCounts.entity, entity),
        k1 === undefined ? undefined : eq(listCounts.k1, k1),
        k2 === undefined ? undefined : eq(listCounts.k2, k2),
      ),
    );
  return Number(row?.n ?? 0);
}

/** `limit` ids from `offset` on, in the list's order or (`reverse`) the opposite one. */
async function selectIds(db: Db | Tx, spec: ListSpec, offset: number, limit: number, reverse: boolean) {
  const direction = (spec.order === 'asc') !== reverse ? asc : desc;
  const query = db.select({ id: spec.id }).from(spec.table).$dynamic();
  const rows = (await (spec.join ? spec.join(query) : query)
    .where(spec.where)
    .orderBy(...[spec.sort].flat().map(direction), direction(spec.id))
    .limit(limit)
    .offset(offset)) as { id: number }[];
  return rows.map((r) => r.id);
}

/** The first pages are read forwards whatever the total, so their ids and the count are read at once. */
const NEAR_START_PAGES = 10;

/**
 * The page's ids in order, and the total. Past the middle of the list the index is read from the other
 * end (reversed order, smaller offset), so the last page costs what the first does; a page near the start
 * is read while the total is counted (on PostgreSQL, two connections at once).
 */
async function pageAndTotal(db: Db | Tx, spec: ListSpec): Promise<{ ids: number[]; total: number }> {
  const offset = (spec.page - 1) * spec.limit;
  if (spec.page <= NEAR_START_PAGES) {
    const [total, ids] = await Promise.all([
      totalOf(db, spec),
      selectIds(db, spec, offset, spec.limit, false),
    ]);
    return { ids, total };
  }
  const total = await totalOf(db, spec);
  const end = Math.min(offset + spec.limit, total);
  if (end <= offset) return { ids: [], total };
  const reverse = offset > total - end;
  const ids = await selectIds(db, spec, reverse ? total - end : offset, end - offset, reverse);
  return { ids: reverse ? ids.reverse() : ids, total };
}

/**
 * One page of a list and its exact total. `load(ids)` reads the records of those ids (any order); they
 * are answered in the page's order.
 */
export async function listPage<R extends { id: number }>(
  db: Db | Tx,
  spec: ListSpec,
  load: (ids: number[]) => Promise<R[]>,
): Promise<ListPage<R>> {
  const { ids, total } = await pageAndTotal(db, spec);
  if (ids.length === 0) return { rows: [], total };
  const byId = new Map((await load(ids)).map((r) => [r.id, r]));
  // A row deleted between the two queries is left out rather than answered as a hole.
  return { rows: ids.flatMap((id) => byId.get(id) ?? []), total };
}
