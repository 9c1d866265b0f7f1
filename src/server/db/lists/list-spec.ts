import { equalsIfGiven } from './filters.js';
import { and, asc, count, desc, eq, sql, type AnyColumn, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../http/context.js';
import { callerColumn } from '../stores/sessions.js';
import type { SessionCheck } from '../../http/guards.js';
import type { Db, Tx } from '../engine/client.js';
import { idPart, listCounts, SEARCH_PARTS } from '../schema.js';

/*
 * What a list page reads, shared by every list (db/lists/list-json.ts `listJson` reads the page):
 *   ListSpec                   the list's table, filters, sort, page and where its total comes from
 *   counted(entity, keys)      a total read from list_counts (unfiltered, or filtered by enum columns only)
 *   CAPPED_COUNT               a search or free filter: its rows counted up to COUNT_CAP + 1, so that the
 *                              count costs at most that many rows at any size (pagination.totalExact)
 *   CountQuery                 an exact total of the list's own (lahan by area: the area bins' counters)
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

export interface ListSpec {
  table: PgTable;
  id: PgColumn;
  /** Filters and search; conditions on other tables need `join`. */
  where: SQL | undefined;
  /** A search whose trigram index is also in SEARCH_PARTS parts by id (tables/columns.ts `trgmParts`). */
  searchInParts?: boolean;
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

/**
 * How many rows `rows` finds, counted up to COUNT_CAP + 1 (more than the cap: COUNT_CAP + 1): `rows` is a select
 * of anything, ordered so that an index gives it, with no limit of its own.
 */
export const countUpTo = (db: Db | Tx, rows: PgSelect) =>
  db
    .select({ n: count() })
    .from(rows.limit(COUNT_CAP + 1).as('found'))
    .then(([row]) => row?.n ?? 0);

/** A capped count as an answer's total: more than COUNT_CAP says COUNT_CAP, not exact (pagination.totalExact). */
export const cappedTotal = (n: number) =>
  n > COUNT_CAP ? { total: COUNT_CAP, totalExact: false } : { total: n, totalExact: true };

/**
 * The rows the list's `where` finds, counted up to COUNT_CAP + 1 (more than the cap: COUNT_CAP + 1); a search
 * over a trigram index in parts (`searchInParts`) counts part after part, and stops in the part that reaches it.
 */
function cappedCount(db: Db | Tx, spec: ListSpec, columns: Record<string, SQL>) {
  const rows = (part?: SQL) => {
    const select = db
      .select({ one: sql`1` })
      .from(spec.table)
      .$dynamic();
    return (spec.join ? spec.join(select) : select).where(and(spec.where, part));
  };
  const found = !spec.searchInParts
    ? rows().limit(COUNT_CAP + 1)
    : sql`${sql.join(
        Array.from({ length: SEARCH_PARTS }, (_, k) => sql`(${rows(idPart(spec.id, SEARCH_PARTS, k))})`),
        sql` union all `,
      )} limit ${COUNT_CAP + 1}`;
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

export interface JsonListSpec extends ListSpec {
  /**
   * What the statement's text depends on besides the order and which values are given: the list, the viewer's
   * role, the sort key. `where` and `total` carry the values as placeholders (db/lists/prebuilt.ts `binder`).
   */
  shape: string;
  values: Record<string, unknown>;
  /**
   * The best plan of its statements depends on the values (a search: a one-letter word matches most rows, a
   * rare word few), so they are planned on every call rather than prepared once (db/lists/prebuilt.ts).
   */
  planPerCall?: boolean;
}

/** What a list's records query reads a page with. */
export interface JsonPage {
  /**
   * Condition on the list's table: the row is on this page. `id = any(array(ids))`, not `id in (ids)`: the
   * array is read once first, then the records by primary key; as a semi-join, a list of eight joined tables
   * (lahan) went past the planner's join_collapse_limit and joined all 300k rows before keeping ten.
   */
  onPage: SQL;
  /** Select it beside the record (`r`): the row's place in the list's order. */
  rank: SQL.Aliased<number>;
}

const NO_CALLER = sql<AuthUser | null>`null`;

/**
 * A first page's offset or limit, written into the statement's text: PostgreSQL plans a LIMIT or OFFSET it
 * cannot see for a tenth of the rows, which made the generic plan of every prepared first page look dearer
 * than a custom one, so each call was planned again (about 0.4 ms, as long as running it). With them in the
 * text, a page's generic plan is what its custom plans are, and PostgreSQL keeps it. There are few of them:
 * the first NEAR_START_PAGES pages of the limits clients ask for.
 */
const inText = (n: number) => {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a row count: ${n}`);
  return sql.raw(String(n)) as unknown as Placeholder;
};

type Ids = ReturnType<typeof idsQuery>;

const caller = (spec: ListSpec) => (spec.session ? callerColumn() : NO_CALLER);

/**
 * A counted page's first statement: the ids (none looked for when the total is 0: a search with no match would
 * read the whole sort index) and the total. OFFSET 0 keeps the total one column of `t`, counted once (pulled
 * up, each use of t.n would count again).
 */
function countedHead(db: Db | Tx, spec: ListSpec, ids: Ids) {
  return db
    .select({
      ids: sql<number[] | null>`case when t.n > 0 then array(${ids}) end`,
      total: sql<number>`t.n`.mapWith(Number),
      caller: caller(spec),
    })
    .from(sql`(select (${totalQuery(db, spec)}) as n offset 0) t`);
}

/**
 * The statements of one page of a list as JSON (db/lists/list-json.ts runs them, building each only when its
 * shape is new): `records(page)` selects `{ r: <record JSON>.as('r'), n: page.rank }` from the list's table and
 * joins, where `page.onPage`; `offset` is the page's.
 */
export function pageStatements(
  db: Db | Tx,
  spec: JsonListSpec,
  records: (page: JsonPage) => PgSelect,
  offset: number,
) {
  /** The records of the rows `onPage` selects, as a JSON array in the list's order. */
  const pageJson = (onPage: SQL) => {
    const direction = spec.order === 'asc' ? asc : desc;
    const order = [...[spec.sort].flat().map(direction), direction(spec.id)];
    const rows = records({
      onPage,
      rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
    });
    return sql<string>`coalesce((select json_agg(p.r order by p.n) from (${rows}) p), '[]')::text`;
  };
  const firstIds = () => idsQuery(db, spec, inText(offset), inText(spec.limit), false);
  return {
    /** A first page whose total is a counter's: the ids as a subquery, their records and the total, in one statement. */
    first: () =>
      db
        .select({
          data: pageJson(sql`${spec.id} = any(array(${firstIds()}))`),
          total: sql<number>`t.n`.mapWith(Number),
          caller: caller(spec),
        })
        .from(sql`(select (${totalQuery(db, spec)}) as n) t`),
    /** A first page whose total is counted: the ids and the total. */
    head: () => countedHead(db, spec, firstIds()),
    total: () => totalQuery(db, spec, caller(spec)),
    /** The ids of a deeper page (`offset` and `limit` bound), read forwards or (`reverse`) from the other end. */
    ids: (reverse: boolean) => () =>
      db
        .select({
          ids: sql<
            number[]
          >`array(${idsQuery(db, spec, sql.placeholder('offset'), sql.placeholder('limit'), reverse)})`,
        })
        .from(sql`(select) one`),
    /** The records of the bound `ids`: its text does not depend on the page, so it is planned once. */
    records: () =>
      db.select({ data: pageJson(sql`${spec.id} = any(${sql.placeholder('ids')})`) }).from(sql`(select) one`),
  };
}
