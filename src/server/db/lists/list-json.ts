import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../../http/context.js';
import type { Db, Tx } from '../engine/client.js';
import {
  CAPPED_COUNT,
  cappedTotal,
  COUNT_CAP,
  pageStatements,
  type JsonListSpec,
  type JsonPage,
} from './list-spec.js';
import { runPrebuilt } from './prebuilt.js';

export type { JsonListSpec, JsonPage };

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

/**
 * A page: its records as JSON array text and the total; `totalExact` false when a capped total (CAPPED_COUNT)
 * found more than COUNT_CAP rows, and `total` is then COUNT_CAP.
 */
export interface JsonList {
  data: string;
  total: number;
  totalExact: boolean;
}

/**
 * One page of a list as JSON (db/lists/list-spec.ts `pageStatements` says what `records` selects). Confirms the
 * spec's session with the first statement.
 */
export async function listJson(
  db: Db | Tx,
  spec: JsonListSpec,
  records: (page: JsonPage) => PgSelect,
): Promise<JsonList> {
  const offset = (spec.page - 1) * spec.limit;
  const statements = pageStatements(db, spec, records, offset);
  const { session } = spec;
  const key = `${spec.shape}|${spec.order}|${session ? 'session' : ''}`;
  const values = { ...spec.values, ...session?.values };
  const prepared = !spec.planPerCall;
  const capped = spec.total === CAPPED_COUNT;
  const page = (data: string, n: number): JsonList => ({
    data,
    ...(capped ? cappedTotal(n) : { total: n, totalExact: true }),
  });
  const recordsOf = async (ids: number[]) => {
    const [row] = await runPrebuilt(db, `${key}|records`, { ...spec.values, ids }, statements.records);
    return row!.data;
  };

  if (spec.page <= NEAR_START_PAGES && spec.total !== CAPPED_COUNT && !('count' in spec.total)) {
    const first = `${key}|first|${offset}|${spec.limit}`;
    const [row] = await runPrebuilt(db, first, values, statements.first, prepared);
    session?.confirm(row!.caller);
    return page(row!.data, row!.total);
  }
  if (spec.page <= NEAR_START_PAGES) {
    // A counted total (a search, a filter no counter serves): the page's ids and the total in one statement,
    // then the records of those ids in another, whose text does not depend on the search.
    const ids = `${key}|ids|${offset}|${spec.limit}`;
    const [head] = await runPrebuilt(db, ids, values, statements.head, prepared);
    session?.confirm(head!.caller);
    if (!head!.ids?.length) return page('[]', head!.total);
    return page(await recordsOf(head!.ids), head!.total);
  }
  const [counted] = (await runPrebuilt(db, `${key}|total`, values, statements.total, prepared)) as {
    n: number;
    caller?: AuthUser | null;
  }[];
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
  const [found] = await runPrebuilt(
    db,
    `${key}|${reverse ? 'reverse' : 'forward'}`,
    { ...spec.values, offset: reverse ? total - end : offset, limit: end - offset },
    statements.ids(reverse),
    prepared,
  );
  if (found!.ids.length === 0) return page('[]', total);
  return page(await recordsOf(found!.ids), total);
}
