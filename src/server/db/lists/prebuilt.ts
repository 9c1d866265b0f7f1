import { sql, type Placeholder } from 'drizzle-orm';

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

/** Shapes kept per database handle; past this, a shape is built per call. */
const MAX_SHAPES = 2000;
const shapes = new WeakMap<object, Map<string, Prepared<unknown>>>();

/**
 * The names of the statements runPrebuilt names, by shape: one per text in the process, whichever handle runs it
 * (a transaction's handle is new each time, and a name each time would leave a statement on the connection).
 */
const names = new Map<string, string>();
const nameOf = (fullKey: string): string => {
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
  let byKey = shapes.get(db);
  if (!byKey) shapes.set(db, (byKey = new Map()));
  const fullKey = `${key}|${Object.keys(values).join(',')}`;
  let statement = byKey.get(fullKey) as Prepared<R> | undefined;
  if (!statement) {
    statement = build().prepare(prepared ? nameOf(fullKey) : '');
    if (byKey.size < MAX_SHAPES) byKey.set(fullKey, statement);
  }
  return statement.execute(values);
}
