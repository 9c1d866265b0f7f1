import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { AuthUser } from '../http/context.js';
import type { Db } from './client.js';
import { idsQuery, NEAR_START_PAGES, totalQuery, type ListSpec } from './list.js';
import { runPrebuilt } from './prebuilt.js';
import { callerColumn } from './sessions.js';

/*
 * A list page whose records PostgreSQL writes as one JSON array, for the route to send as it is (no parse, no
 * re-serialisation). The reads are listPage's (db/list.ts): ids first, the total in the same statement for
 * the first pages, a deep page from its nearer end; each is built once per shape (db/prebuilt.ts).
 */

export interface JsonListSpec extends ListSpec {
  /**
   * What the statement's text depends on besides the order and which values are given: the list, the viewer's
   * role, the sort key. `where` and `total` carry the values as placeholders (db/prebuilt.ts `binder`).
   */
  shape: string;
  values: Record<string, unknown>;
}

/** What a list's records query reads a page with. */
export interface JsonPage {
  /** Condition on the list's table: the row is on this page. */
  onPage: SQL;
  /** Select it beside the record (`r`): the row's place in the list's order. */
  rank: SQL.Aliased<number>;
}

/** A page: its records as JSON array text, and the exact total. */
export interface JsonList {
  data: string;
  total: number;
}

const NO_CALLER = sql<AuthUser | null>`null`;

/**
 * One page of a list as JSON: `records(page)` selects `{ r: <record JSON>.as('r'), n: page.rank }` from the
 * list's table and joins, where `page.onPage`. Confirms the spec's session with the first statement.
 */
export async function listJson(
  db: Db,
  spec: JsonListSpec,
  records: (page: JsonPage) => PgSelect,
): Promise<JsonList> {
  const { session } = spec;
  const key = `${spec.shape}|${spec.order}|${session ? 'session' : ''}`;
  const values = { ...spec.values, ...session?.values };
  const offset = (spec.page - 1) * spec.limit;

  // mode 'first': the total is counted in the same statement; else it was read before and is bound.
  const page = (mode: 'first' | 'forward' | 'reverse') => () => {
    const direction = spec.order === 'asc' ? asc : desc;
    const order = [...[spec.sort].flat().map(direction), direction(spec.id)];
    const ids = idsQuery(db, spec, sql.placeholder('offset'), sql.placeholder('limit'), mode === 'reverse');
    const rows = records({
      onPage: sql`${spec.id} = any(array(${ids}))`,
      rank: sql<number>`row_number() over (order by ${sql.join(order, sql`, `)})`.as('n'),
    });
    const total =
      mode === 'first' ? sql`(${totalQuery(db, spec)})` : sql`${sql.placeholder('total')}::bigint`;
    return db
      .select({
        data: sql<string>`coalesce((select json_agg(p.r order by p.n) from (${rows}) p), '[]')::text`,
        total: sql<number>`t.n`.mapWith(Number),
        caller: mode === 'first' && session ? callerColumn() : NO_CALLER,
      })
      .from(sql`(select ${total} as n) t`);
  };

  if (spec.page <= NEAR_START_PAGES) {
    const [row] = await runPrebuilt(
      db,
      `${key}|first`,
      { ...values, offset, limit: spec.limit },
      page('first'),
    );
    session?.confirm(row!.caller);
    return { data: row!.data, total: row!.total };
  }
  const [counted] = await runPrebuilt(db, `${key}|total`, values, () =>
    totalQuery(db, spec, session ? callerColumn() : NO_CALLER),
  );
  session?.confirm((counted?.caller ?? null) as AuthUser | null);
  const total = Number(counted?.n ?? 0);
  const end = Math.min(offset + spec.limit, total);
  if (end <= offset) return { data: '[]', total };
  const reverse = offset > total - end;
  const [row] = await runPrebuilt(
    db,
    `${key}|${reverse ? 'reverse' : 'forward'}`,
    { ...spec.values, offset: reverse ? total - end : offset, limit: end - offset, total },
    page(reverse ? 'reverse' : 'forward'),
  );
  return { data: row!.data, total };
}
