import { equalsIfGiven } from './filters.js';
import { and, asc, count, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../http/context.js';
import type { SessionCheck } from '../http/guards.js';
import type { Db, Tx } from './client.js';
import { listCounts } from './schema.js';

/*
 * Every admin/API list: ids first, details after. Public API of this file:
 *   listPage(db, spec, load, toRecord)   { rows, total } of one page
 *   counted(entity, keys)      a total read from list_counts (unfiltered, or filtered by enum columns only)
 *   EXACT_COUNT                a total counted over the filtered ids (any other filter)
 *   SortColumns<typeof KEYS>   the sort expressions of a list by its sort keys
 *
 * The id query reads only the base table (plus `join` when a condition needs another table), ordered by
 * the sort key and id, so that an index on (sort key, id) serves it; the details — joins, document
 * subqueries, counts — are loaded for the ≤ limit ids of the page only, in the same statement.
 */

/** Where a list's total comes from. */
export type TotalSource = { entity: string; k1?: unknown; k2?: unknown } | typeof EXACT_COUNT;

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

export interface ListPage<R> {
  rows: R[];
  total: number;
}

const NULL_COLUMN = sql<null>`null`;

/** The statement that reads the list's total (`n`), and `caller` when it is to check the session. */
export function totalQuery(db: Db | Tx, spec: ListSpec, caller?: SQL<AuthUser | null>) {
  const columns: Record<string, SQL> = caller ? { caller } : {};
  if (spec.total === EXACT_COUNT) {
    const query = db
      .select({ n: count(), ...columns })
      .from(spec.table)
      .$dynamic();
    return (spec.join ? spec.join(query) : query).where(spec.where);
  }
  const { entity, k1, k2 } = spec.total;
  return db
    .select({ n: sql<number>`coalesce(sum(${listCounts.n}), 0)`.mapWith(Number), ...columns })
    .from(listCounts)
    .where(
      and(eq(listCounts.entity, entity), equalsIfGiven(listCounts.k1, k1), equalsIfGiven(listCounts.k2, k2)),
    );
}

/** The total on its own (confirming the session when the spec has one to check). */
async function totalOf(db: Db | Tx, spec: ListSpec): Promise<number> {
  const [row] = (await totalQuery(db, spec, spec.session?.column ?? NULL_COLUMN)) as {
    n: number | string;
    caller: AuthUser | null;
  }[];
  spec.session?.confirm(row?.caller ?? null);
  return Number(row?.n ?? 0);
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

/** What a list's loader reads one page with. */
export interface PageRows {
  /**
   * Condition on the list's table: the row is on this page. `id = any(array(ids))`, not `id in (ids)`: the
   * array is read once first, then the records by primary key; as a semi-join, a list of eight joined tables
   * (lahan) went past the planner's join_collapse_limit and joined all 300k rows before keeping ten.
   */
  onPage: SQL;
  /**
   * Columns to select besides the record's: `list_total`, the exact total (null when it was read before), and
   * `list_caller`, the caller while their session lives (null when not checked here).
   */
  columns: { list_total: SQL<number | null>; list_caller: SQL<AuthUser | null> };
  /** The list's order (sort key, then id), for `.orderBy(...order)`. */
  order: SQL[];
}

/** The first pages are read forwards whatever the total, so the total is read in the same statement. */
export const NEAR_START_PAGES = 10;

/**
 * One page of a list and its exact total, in one statement for the first pages: the page's ids (a subquery
 * ordered and limited on its index), their records (`load`: the list's joins and computed columns for those
 * ids only) and the total as a column. Past them, the total is read first, so that a page past the middle is
 * read from the other end (reversed order, smaller offset) and the last page costs what the first does. An
 * empty page reads its total on its own. `load` selects `page.columns`, where `page.onPage`, ordered by
 * `page.order`; `toRecord` maps each row.
 */
export async function listPage<Row, R = Row>(
  db: Db | Tx,
  spec: ListSpec,
  load: (page: PageRows) => PromiseLike<(Row & { list_total: unknown; list_caller: unknown })[]>,
  toRecord: (row: Row) => R = (row) => row as unknown as R,
): Promise<ListPage<R>> {
  const direction = spec.order === 'asc' ? asc : desc;
  const order = [...[spec.sort].flat().map(direction), direction(spec.id)];
  const offset = (spec.page - 1) * spec.limit;
  const read = async (ids: SQL | PgSelect, total?: SQL<number>) => {
    const rows = await load({
      onPage: sql`${spec.id} = any(array(${ids}))`,
      columns: {
        list_total: total ?? NULL_COLUMN,
        list_caller: (total && spec.session?.column) || NULL_COLUMN,
      },
      order,
    });
    if (total && rows.length > 0) spec.session?.confirm(rows[0]!.list_caller as AuthUser | null);
    // The list columns are taken off each row before it becomes a record.
    return rows.map(({ list_total, list_caller: _, ...row }) => ({
      total: list_total,
      record: toRecord(row as Row),
    }));
  };
  if (spec.page <= NEAR_START_PAGES) {
    const rows = await read(
      idsQuery(db, spec, offset, spec.limit, false),
      sql<number>`(${totalQuery(db, spec)})`.mapWith(Number),
    );
    if (rows.length > 0) return { rows: rows.map((r) => r.record), total: Number(rows[0]!.total) };
    return { rows: [], total: await totalOf(db, spec) };
  }
  const total = await totalOf(db, spec);
  const end = Math.min(offset + spec.limit, total);
  if (end <= offset) return { rows: [], total };
  const reverse = offset > total - end;
  const rows = await read(idsQuery(db, spec, reverse ? total - end : offset, end - offset, reverse));
  return { rows: rows.map((r) => r.record), total };
}
