import { and, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import { Type, type Static, type TOptional, type TSchema } from 'typebox';
import type { Viewer } from '../../http/context.js';
import type { SessionCheck } from '../../http/guards.js';
import { listQuery } from '../../http/schemas.js';
import type { Db, Tx } from '../engine/client.js';
import { searchCondition, searchWords } from '../search/search.js';
import { listJson, type JsonList } from './list-json.js';
import { CAPPED_COUNT, counted, type CountQuery, type TotalSource } from './list-spec.js';
import { asValue, binder, type Bind } from './prebuilt.js';
import { countsInParts } from './table-size.js';

/*
 * A listed resource, declared once: its table and record, what its list searches, filters and sorts by, and
 * where its total comes from. From it come the list query's schema (`query`) and the list (`list`), which builds
 * the ListSpec and hands it to listJson.
 */

/** A filter of a list query: its schema, its condition, and what it does to the statement and the total. */
export interface Filter<S extends TSchema = TSchema> {
  schema: S;
  /**
   * The condition for a given value; `name` is the filter's, to bind the value under; `query` the whole query;
   * `viewer` the caller, when the scope names one.
   */
  where: (
    value: Static<S>,
    bind: Bind,
    name: string,
    query: Record<string, unknown>,
    viewer?: Viewer,
  ) => SQL | undefined;
  /** An enum filter the counters keep (list_counts k1 or k2): the total stays counted. Others are capped. */
  key?: 'k1' | 'k2';
  /** The counter's key of a value, when it is not the value as text. */
  keyOf?: (value: Static<S>) => string;
  /** The condition's text depends on the value itself (e.g. EXISTS or NOT EXISTS), not only on its being given. */
  inShape?: boolean;
  /** The condition reads the tables of the declaration's `join`. */
  joined?: boolean;
}

/** A filter whose condition is `where` (its value typed by `schema`). */
export const filter = <S extends TSchema>(
  schema: S,
  where: Filter<S>['where'],
  options: Omit<Filter<S>, 'schema' | 'where'> = {},
): Filter<S> => ({ schema, where, ...options });

/** `column = value`; `options.key`: the counters keep it. */
export const equals = <S extends TSchema>(
  column: AnyColumn,
  schema: S,
  options: Omit<Filter<S>, 'schema' | 'where'> = {},
): Filter<S> => filter(schema, (value, bind, name) => eq(column, bind(name, value)), options);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any filter, whatever its value's type
type Filters = Record<string, Filter<any>>;

type Sorts = Record<string, AnyColumn | SQL | (AnyColumn | SQL)[]>;

export interface ListDeclaration<S extends Sorts, F extends Filters> {
  /** The counters' entity (list_counts) and the first word of the statements' shapes. */
  entity: string;
  table: PgTable;
  id: PgColumn;
  /** The record as JSON (db/lists/field.ts `record(...).json`) and the joins it reads. */
  json: SQL;
  from?: (query: PgSelect) => PgSelect;
  /** The `search_text` column `q` searches (db/search/search.ts). */
  search?: AnyColumn;
  /**
   * A search is read with sequential scans off (its trigram index, as a bitmap), when one of its words has a
   * trigram: for a table whose rows cluster by what is searched (locations, loaded area by area), where a
   * sequential scan stopped at the capped count's limit reads most of the table before it reaches the matches.
   */
  searchByIndex?: boolean;
  /** `search`'s trigram index is also in parts (tables/columns.ts `trgmParts`): a search counts part by part. */
  searchInParts?: boolean;
  /** Sort keys → expressions; the first is the default. */
  sorts: S;
  filters: F;
  /** Joins the `joined` filters and `joinedSorts` need in the ids query. */
  join?: (query: PgSelect) => PgSelect;
  joinedSorts?: (keyof S)[];
  /**
   * An exact total of the list's own for a list the counters do not serve (no search; the scope's and the keyed
   * filters' keys agree): `free` names the given filters without a key; undefined: capped.
   */
  count?: (list: {
    where: SQL | undefined;
    keys: Keys;
    free: string[];
    bind: Bind;
    query: Record<string, unknown>;
  }) => CountQuery | undefined;
}

/** The counters' keys a list is narrowed to (list_counts k1, k2). */
export type Keys = { k1?: unknown; k2?: unknown };

/** What a caller adds to one list call: its own conditions, the caller's role, another record JSON or total. */
export interface ListScope {
  where?: SQL;
  /** `where` is what these counter keys count (a mitra's lahan: status active); without, `where` is capped. */
  keys?: Keys;
  /** What else the statement's text depends on (a role). */
  shape?: string;
  json?: SQL;
  /** Another order than the query's sort key (a page of its own, whose query has none). */
  sort?: AnyColumn | SQL | (AnyColumn | SQL)[];
  /** The total, when it is not the declaration's own (counted, or capped). */
  total?: TotalSource;
  session?: SessionCheck;
  /** The caller, for filters whose condition depends on who asks. */
  viewer?: Viewer;
}

/** What every list query holds (http/schemas.ts `listQuery`), besides its filters. */
interface BaseQuery {
  page: number;
  limit: number;
  order: 'asc' | 'desc';
  q?: string;
  sort?: string;
}

type Given = [string, Filter][];

const givenFilters = (declared: ListDeclaration<Sorts, Filters>, given: Record<string, unknown>): Given =>
  Object.entries(declared.filters).filter(([name]) => given[name] !== undefined);

const conditionsOf = (set: Given, given: Record<string, unknown>, bind: Bind, viewer?: Viewer) =>
  set.map(([name, filter]) => filter.where(given[name] as never, bind, name, given, viewer));

/**
 * The condition of a list query's filters and search (`q`), as the list applies them: for another reading of
 * the same rows than a page (the lahan GeoJSON export). Throws a filter's 400 as the list does.
 */
export function queryCondition(
  declared: ListDeclaration<Sorts, Filters>,
  q: { q?: string },
  bind: Bind = asValue,
  viewer?: Viewer,
): SQL | undefined {
  const given = q as Record<string, unknown>;
  return and(
    ...conditionsOf(givenFilters(declared, given), given, bind, viewer),
    declared.search && searchCondition(declared.search, q.q, bind),
  );
}

/** A word pg_trgm takes a trigram from in a `LIKE '%word%'`: three letters or digits in a row. */
const HAS_TRIGRAM = /[\p{L}\p{N}]{3}/u;
const trigramsInEvery = (q: string | undefined) => searchWords(q).every((word) => HAS_TRIGRAM.test(word));

/**
 * One page of a declared list as JSON with its total; `scope` adds the caller's conditions (bound with the
 * same `bind`). The declaration's `list` calls it.
 */
export async function listPage(
  declared: ListDeclaration<Sorts, Filters>,
  db: Db,
  q: BaseQuery,
  scope?: (bind: Bind) => ListScope,
): Promise<JsonList> {
  const sortKeys = Object.keys(declared.sorts);
  const { bind, values } = binder();
  const given = q as unknown as Record<string, unknown>;
  const set = givenFilters(declared, given);
  const own = scope?.(bind) ?? {};
  const sort = q.sort ?? sortKeys[0]!;
  const keyed = set.filter(([, filter]) => filter.key);
  const keys: Keys = { ...own.keys };
  // Two keys of one column that differ find nothing; the capped count says so.
  let agree = own.where === undefined || own.keys !== undefined;
  for (const [name, { key, keyOf }] of keyed) {
    const value = keyOf ? keyOf(given[name]) : String(given[name]);
    if (keys[key!] !== undefined && keys[key!] !== value) agree = false;
    keys[key!] = bind(`${name}_key`, value);
  }
  const free = set.filter(([, filter]) => !filter.key).map(([name]) => name);
  const where = and(own.where, ...conditionsOf(set, given, bind, own.viewer));
  const search = declared.search && searchCondition(declared.search, q.q, bind);
  const countable = agree && !search;
  const total =
    own.total ??
    (countable && free.length === 0
      ? counted(declared.entity, keys)
      : ((countable ? declared.count?.({ where, keys, free, bind, query: given }) : undefined) ??
        CAPPED_COUNT));
  // A word without a trigram matches every entry of a trigram index: such a search counts along the sort's index
  // (or the table), which reaches the cap soon, not part by part through every entry. A small table's search
  // counts on the whole index too (table-size.ts). The two count statements differ in text, so the shape (the key
  // a statement is kept by) says which.
  const inParts =
    search !== undefined &&
    trigramsInEvery(q.q) &&
    declared.searchInParts === true &&
    (await countsInParts(db, declared.table));
  const joined = set.some(([, filter]) => filter.joined) || declared.joinedSorts?.includes(sort);
  const read = (handle: Db | Tx) =>
    listJson(
      handle,
      {
        shape: [
          declared.entity,
          sort,
          own.shape,
          typeof total === 'string' ? total : 'count' in total ? 'count' : 'counted',
          ...set.filter(([, f]) => f.inShape).map(([n]) => `${n}:${String(given[n])}`),
          inParts ? 'in parts' : '',
        ].join('|'),
        values,
        table: declared.table,
        id: declared.id,
        where: and(where, search),
        join: joined ? declared.join : undefined,
        sort: own.sort ?? declared.sorts[sort]!,
        order: q.order,
        page: q.page,
        limit: q.limit,
        total,
        searchInParts: inParts,
        planPerCall: search !== undefined,
        session: own.session,
      },
      (page) => {
        const select = db
          .select({ r: (own.json ?? declared.json).as('r'), n: page.rank })
          .from(declared.table)
          .$dynamic();
        return (declared.from ? declared.from(select) : select).where(page.onPage);
      },
    );
  if (!declared.searchByIndex || !searchWords(q.q).some((word) => HAS_TRIGRAM.test(word))) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return read(tx);
  });
}

/** The list query's schema (`query`) and the list (`list`) of a declared resource. */
export function listResource<const S extends Sorts, const F extends Filters>(
  declared: ListDeclaration<S, F>,
) {
  const filterSchemas = Object.fromEntries(
    Object.entries(declared.filters).map(([name, filter]) => [name, Type.Optional(filter.schema)]),
  ) as { [K in keyof F]: TOptional<F[K]['schema']> };
  const general = declared as unknown as ListDeclaration<Sorts, Filters>;
  return {
    declared: general,
    query: listQuery(Object.keys(declared.sorts) as (keyof S & string)[], filterSchemas),
    list: (db: Db, q: BaseQuery, scope?: (bind: Bind) => ListScope) => listPage(general, db, q, scope),
  };
}
