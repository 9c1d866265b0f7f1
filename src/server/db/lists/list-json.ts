import { asc, desc, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../http/context.js';
import type { Db, Tx } from '../engine/client.js';
import { CAPPED_COUNT, COUNT_CAP, idsQuery, totalQuery, type ListSpec } from './list-spec.js';
import { runPrebuilt } from './prebuilt.js';
import { callerColumn } from '../stores/sessions.js';

/*
 * Every list page: PostgreSQL writes its records as one JSON array, for the route to send as it is (no parse,
 * no re-serialisation; http/envelope.ts `sendPagedList`). Ids first (db/lists/list-spec.ts `idsQuery`), then the
 * records of those ids only; the total in the same statement for the first pages (when the total is counted
 * rather than read from a counter, the ids and the total in one statement and the records in a second one);
 * past them, the total is read first, so that a page past the middle is read from the other end (reversed
 * order, smaller offset) and the last page costs what the first does, then the ids, then their records. Each
 * statement is built once per shape (db/lists/prebuilt.ts).
 */

/** The first pages are read forwards whatever the total, so the total is read in the same statement. */
const NEAR_START_PAGES = 10;

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

/**
 * A page: its records as JSON array text and the total; `totalExact` false when a capped total (CAPPED_COUNT)
 * found more than COUNT_CAP rows, and `total` is then COUNT_CAP.
 */
export interface JsonList {
  data: string;
  total: number;
  totalExact: boolean;
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

/**
 * One page of a list as JSON: `records(page)` selects `{ r: <record JSON>.as('r'), n: page.rank }` from the
 * list's table and joins, where `page.onPage`. Confirms the spec's session with the first statement.
 */
export async function listJson(
  db: Db | Tx,
  spec: JsonListSpec,
  records: (page: JsonPage) => PgSelect,
): Promise<JsonList> {
  const { session } = spec;
  const key = `${spec.shape}|${spec.order}|${session ? 'session' : ''}`;
  const values = { ...spec.values, ...session?.values };
  const offset = (spec.page - 1) * spec.limit;

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
  const firstIds = (of: ListSpec = spec) => idsQuery(db, of, inText(offset), inText(spec.limit), false);

  /** A first page whose total is a counter's: the ids as a subquery, their records and the total, in one statement. */
  const firstPage = () =>
    db
      .select({
        data: pageJson(sql`${spec.id} = any(array(${firstIds()}))`),
        total: sql<number>`t.n`.mapWith(Number),
        caller: caller(spec),
      })
      .from(sql`(select (${totalQuery(db, spec)}) as n) t`);

  /** The records of `ids`, in a statement of their own: its text does not depend on the page, so it is planned once. */
  const recordsOf = async (ids: number[]) => {
    const [row] = await runPrebuilt(db, `${key}|records`, { ...spec.values, ids }, () =>
      db.select({ data: pageJson(sql`${spec.id} = any(${sql.placeholder('ids')})`) }).from(sql`(select) one`),
    );
    return row!.data;
  };

  const prepared = !spec.planPerCall;
  const capped = spec.total === CAPPED_COUNT;
  /** The answer's total: a capped count of more than COUNT_CAP rows says COUNT_CAP, not exact. */
  const page = (data: string, n: number): JsonList =>
    capped && n > COUNT_CAP
      ? { data, total: COUNT_CAP, totalExact: false }
      : { data, total: n, totalExact: true };

  if (spec.page <= NEAR_START_PAGES && spec.total !== CAPPED_COUNT && !('count' in spec.total)) {
    const [row] = await runPrebuilt(db, `${key}|first|${offset}|${spec.limit}`, values, firstPage, prepared);
    session?.confirm(row!.caller);
    return page(row!.data, row!.total);
  }
  if (spec.page <= NEAR_START_PAGES) {
    // A counted total (a search, a filter no counter serves): the page's ids and the total in one statement,
    // then the records of those ids in another, whose text does not depend on the search.
    const [head] = await runPrebuilt(
      db,
      `${key}|ids|${offset}|${spec.limit}`,
      values,
      () => countedHead(db, spec, firstIds()),
      prepared,
    );
    session?.confirm(head!.caller);
    if (!head!.ids?.length) return page('[]', head!.total);
    return page(await recordsOf(head!.ids), head!.total);
  }
  const [counted] = (await runPrebuilt(
    db,
    `${key}|total`,
    values,
    () => totalQuery(db, spec, caller(spec)),
    prepared,
  )) as { n: number; caller?: AuthUser | null }[];
  session?.confirm(counted?.caller ?? null);
  const total = Number(counted?.n ?? 0);
  // Past a capped total's cap the last row is unknown: the page is read forwards, and is empty past the end.
  const known = !capped || total <= COUNT_CAP;
  const end = known ? Math.min(offset + spec.limit, total) : offset + spec.limit;
  if (end <= offset) return page('[]', total);
  const reverse = known && offset > total - end;
  // The ids apart from the records: PostgreSQL plans a statement with an OFFSET it cannot see on every call
  // (a tenth of the rows, it assumes), and planning the records' joins and subqueries cost as much as reading
  // a deep page (petani page 500: ~1 ms of planning); the ids' statement alone plans in a quarter of that.
  const ids = () => idsQuery(db, spec, sql.placeholder('offset'), sql.placeholder('limit'), reverse);
  const [found] = await runPrebuilt(
    db,
    `${key}|${reverse ? 'reverse' : 'forward'}`,
    { ...spec.values, offset: reverse ? total - end : offset, limit: end - offset },
    () => db.select({ ids: sql<number[]>`array(${ids()})` }).from(sql`(select) one`),
    prepared,
  );
  if (found!.ids.length === 0) return page('[]', total);
  return page(await recordsOf(found!.ids), total);
}

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
