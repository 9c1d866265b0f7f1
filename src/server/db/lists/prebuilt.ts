import { fillPlaceholders, sql, type Placeholder } from 'drizzle-orm';
import pg from 'pg';

/*
 * Reads built once per shape. Building a query with Drizzle (its select, joins and JSON columns, then the SQL
 * text) cost more Node time per request than sending it; a read whose text depends only on which filters are
 * given, the sort and the page mode is built the first time that shape is asked for, with its values as
 * placeholders, and afterwards only binds them.
 */

/** A query's value as a named placeholder, recorded in `values`; undefined (no condition) stays undefined. */
export type Bind = <V>(name: string, value: V | undefined) => V | Placeholder | undefined;

/** `bind` for queries that are built per call: the value itself. */
export const asValue: Bind = (_name, value) => value;

/** A `Bind` and the values it was given, by name. */
export function binder(): { bind: Bind; values: Record<string, unknown> } {
  const values: Record<string, unknown> = {};
  const bind: Bind = (name, value) => {
    if (value === undefined) return undefined;
    values[name] = value;
    return sql.placeholder(name);
  };
  return { bind, values };
}

interface Preparable<R> {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<R> };
}
type Prepared<R> = ReturnType<Preparable<R>['prepare']>;
/** A statement's text and parameters (placeholders among them), for node-postgres itself (`runPrebuiltRows`). */
interface Compiled {
  name: string;
  text: string;
  params: unknown[];
}

/** Shapes kept per database handle; past this, a shape is built per call. */
const MAX_SHAPES = 2000;
const shapes = new WeakMap<object, Map<string, object>>();

/**
 * The names of the statements runPrebuilt names, by shape: one per text in the process, whichever handle runs it
 * (a transaction's handle is new each time, and a name each time would leave a statement on the connection).
 */
const names = new Map<string, string>();
export const nameOf = (fullKey: string): string => {
  let name = names.get(fullKey);
  if (name === undefined && names.size < MAX_SHAPES) names.set(fullKey, (name = `p${names.size}`));
  return name ?? '';
};

/**
 * Runs the read of shape `key` on `db` with `values`: `build` (a query whose values are placeholders) runs only
 * the first time. `key` must name everything that changes the text; the names of the values are added to it.
 *
 * The one statement cache: the statement is named (`p…`), so that PostgreSQL parses it once per connection and
 * may keep a generic plan (the list and record reads join up to seven tables, and planning them took longer
 * than running them: lahan by id about 1 ms of planning for 0.1 ms of execution). PostgreSQL still plans a
 * call afresh unless a generic plan is estimated no dearer. `prepared: false` sends it unnamed, planned on
 * every call: for a statement whose best plan depends on its values (a search). The embedded database (PGlite)
 * has no named statements through Drizzle, and plans every call.
 */
export function runPrebuilt<R>(
  db: object,
  key: string,
  values: Record<string, unknown>,
  build: () => Preparable<R>,
  prepared = true,
): Promise<R> {
  const fullKey = `${key}|${Object.keys(values).join(',')}`;
  const statement = shaped(db, fullKey, () =>
    build().prepare(prepared ? nameOf(fullKey) : ''),
  ) as Prepared<R>;
  return statement.execute(values);
}

/** The keys of the statements kept for `db` (for tests: which statements a list's calls made). */
export const shapeKeys = (db: object) => [...(shapes.get(db)?.keys() ?? [])];

/** The statement of `fullKey` on `db`, made by `make` the first time (kept while there are fewer than MAX_SHAPES). */
export function shaped<T extends object>(db: object, fullKey: string, make: () => T): T {
  let byKey = shapes.get(db);
  if (!byKey) shapes.set(db, (byKey = new Map()));
  let statement = byKey.get(fullKey) as T | undefined;
  if (!statement) {
    statement = make();
    if (byKey.size < MAX_SHAPES) byKey.set(fullKey, statement);
  }
  return statement;
}

/** The node-postgres pool a database handle runs on; undefined for a transaction's handle or PGlite. */
export const poolOf = (db: object) => {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
};

/**
 * `runPrebuilt` for a hot read whose caller takes each row's columns by position, in the select's order. On the
 * PostgreSQL pool the named statement goes to node-postgres as it is and its rows come back as arrays, each
 * value as node-postgres decodes it (text as text, json parsed): Drizzle's layers around a prepared statement
 * (its tracing spans, cache and result mapping) cost a third of this read's time in Node. Elsewhere (a
 * transaction's handle, PGlite) it is `runPrebuilt`, its rows' values in the same order. Only for selects
 * whose columns need no Drizzle decoding (text, json, integers): a timestamp would come back as node-postgres
 * parses it, not as Drizzle does.
 */
export async function runPrebuiltRows(
  db: object,
  key: string,
  values: Record<string, unknown>,
  build: () => Preparable<Record<string, unknown>[]> & { toSQL(): { sql: string; params: unknown[] } },
): Promise<unknown[][]> {
  const pool = poolOf(db);
  if (!pool) return (await runPrebuilt(db, key, values, build)).map((row) => Object.values(row));
  const fullKey = `${key}|${Object.keys(values).join(',')}`;
  const { name, text, params } = shaped(db, `rows|${fullKey}`, (): Compiled => {
    const { sql: text, params } = build().toSQL();
    return { name: nameOf(`rows|${fullKey}`), text, params };
  });
  const result = await pool.query<unknown[]>({
    name,
    text,
    values: fillPlaceholders(params, values),
    rowMode: 'array',
  });
  return result.rows;
}
