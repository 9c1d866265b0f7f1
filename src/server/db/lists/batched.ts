import { Placeholder, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { nameOf, poolOf, runPrebuiltRows, shaped } from './prebuilt.js';

/*
 * Reads of one shape that arrive together go to PostgreSQL as one statement. Each read's values are a row of
 * arrays (`unnest … with ordinality`), and its statement runs once per row, laterally, with those values in
 * place of its placeholders: a record by id costs one index probe per read, while the statement's round
 * trip, its Bind and Execute, the executor's start and node-postgres' query object are paid once per batch.
 * Under load most of a read by id was that per-statement cost, in PostgreSQL and in Node (issue 28).
 *
 * A column that depends only on values many reads share (the caller's session: under load most reads of a
 * batch come from a few sessions) is read once per distinct set of them, in a `shared` CTE each read joins.
 */

/** A column the reads of a batch share: `column()` selects it, from the placeholders named in `values`. */
export interface Shared {
  values: Record<string, unknown>;
  column: () => SQL;
}

/** A read waiting for its batch: its values, and where its rows go. */
interface Waiting {
  values: Record<string, unknown>;
  shared?: Record<string, unknown>;
  resolve(rows: unknown[][]): void;
  reject(err: unknown): void;
}

/** A batch's statement: its text and the values that are not a read's own (the shape's constants). */
interface Batched {
  name: string;
  /** The reads' values, by name, in the order of the statement's arrays. */
  names: string[];
  /** The shared column's values, by name, in the order of the arrays after the reads'. */
  sharedNames: string[];
  text: string;
  constants: unknown[];
}

type Query = { sql: string; params: unknown[] };

/** At most this many reads in one statement; the rest wait for the next. */
const MAX_BATCH = 256;
const queues = new WeakMap<pg.Pool, Map<string, Waiting[]>>();
const dialect = new PgDialect();

/**
 * The statement of `read` (Drizzle's, its placeholders among its params) for a batch: each placeholder becomes
 * the column of its name in the batch's rows, typed by `types`; the other parameters stay parameters. With
 * `shared`, each row also names its entry in the shared values' arrays, and the shared column comes last.
 */
function batchedText(
  read: Query,
  names: string[],
  types: Record<string, string>,
  shared?: { column: Query; names: string[] },
) {
  const arrayCount = names.length + (shared ? shared.names.length + 1 : 0);
  const constants: unknown[] = [];
  const inline = ({ sql: text, params }: Query, alias: string, own: string[]) => {
    const numbers = params.map((param) => {
      if (!(param instanceof Placeholder)) {
        constants.push(param);
        return `$${arrayCount + constants.length}`;
      }
      if (!own.includes(param.name)) throw new Error(`the batch has no value ${param.name}`);
      return `${alias}."${param.name}"`;
    });
    return text.replace(/\$(\d+)\b/g, (_, n: string) => numbers[Number(n) - 1]!);
  };
  // Each array is read through `(select $n)`, whose length the planner cannot see. A plan made for one
  // batch's arrays counts their elements; the generic plan counts ten. PostgreSQL keeps the generic plan only
  // when it looks no dearer than the plans made so far, so a few small batches (one read, one session) would
  // have every batch planned afresh: 2.2 ms of planning for 0.2 ms of execution.
  const arrays = (list: string[], first: number) =>
    list.map((name, i) => {
      if (!types[name]) throw new Error(`no type for the batch value ${name}`);
      return `(select $${first + i}::${types[name]}[])`;
    });
  const columns = (list: string[]) => list.map((name) => `"${name}", `).join('');
  const inner = inline(read, 'b', names);
  if (!shared)
    return {
      text: `select b.i, x.* from unnest(${arrays(names, 1).join(', ')}) with ordinality as b(${columns(names)}i) cross join lateral (${inner}) x`,
      constants,
    };
  const index = names.length + 1;
  const column = inline(shared.column, 's', shared.names);
  return {
    text:
      `with shared as materialized (select s.n, ${column} as v from unnest(${arrays(shared.names, index + 1).join(', ')}) with ordinality as s(${columns(shared.names)}n)) ` +
      `select b.i, x.*, shared.v from unnest(${[...arrays(names, 1), `(select $${index}::int8[])`].join(', ')}) with ordinality as b(${columns(names)}shared, i) ` +
      `join shared on shared.n = b.shared cross join lateral (${inner}) x`,
    constants,
  };
}

/**
 * `runPrebuiltRows` for a hot read by key (lahan by id): on the PostgreSQL pool, the reads of shape `key` made
 * in the same turn of the event loop are read by one statement (see above); each gets its own rows, columns by
 * position after the statement's order, and `shared`'s column last. `build(column)` is the read's statement,
 * selecting `column` last when given; `types` gives the PostgreSQL type of every value a read may bind.
 * Elsewhere (a transaction's handle, PGlite) it is `runPrebuiltRows` of `build(shared.column())`.
 */
export function runBatchedRows(
  db: object,
  key: string,
  values: Record<string, unknown>,
  types: Record<string, string>,
  build: (column?: SQL) => ReturnType<Parameters<typeof runPrebuiltRows>[3]>,
  shared?: Shared,
): Promise<unknown[][]> {
  const pool = poolOf(db);
  if (!pool) return runPrebuiltRows(db, key, { ...values, ...shared?.values }, () => build(shared?.column()));
  const names = Object.keys(values);
  const sharedNames = Object.keys(shared?.values ?? {});
  const fullKey = `batch|${key}|${names.join(',')}|${sharedNames.join(',')}`;
  const statement = shaped(db, fullKey, (): Batched => {
    const column = shared && { column: dialect.sqlToQuery(shared.column()), names: sharedNames };
    return {
      name: nameOf(fullKey),
      names,
      sharedNames,
      ...batchedText(build().toSQL(), names, types, column),
    };
  });
  let byKey = queues.get(pool);
  if (!byKey) queues.set(pool, (byKey = new Map()));
  let queue = byKey.get(fullKey);
  if (!queue) {
    byKey.set(fullKey, (queue = []));
    setImmediate(() => {
      byKey.delete(fullKey);
      for (let i = 0; i < queue!.length; i += MAX_BATCH)
        void runBatch(pool, statement, queue!.slice(i, i + MAX_BATCH));
    });
  }
  return new Promise((resolve, reject) => queue.push({ values, shared: shared?.values, resolve, reject }));
}

/** The arrays of the batch's shared values, each set once, and each read's entry in them (from 1). */
function sharedArrays(names: string[], batch: Waiting[]) {
  const entries = new Map<string, number>();
  const arrays: unknown[][] = names.map(() => []);
  const index = batch.map((read) => {
    const values = names.map((name) => read.shared![name] ?? null);
    const key = JSON.stringify(values);
    let entry = entries.get(key);
    if (entry === undefined) {
      entries.set(key, (entry = entries.size + 1));
      values.forEach((value, i) => arrays[i]!.push(value));
    }
    return entry;
  });
  return [index, ...arrays];
}

async function runBatch(pool: pg.Pool, statement: Batched, batch: Waiting[]) {
  try {
    const arrays: unknown[][] = statement.names.map((name) => batch.map((read) => read.values[name] ?? null));
    if (statement.sharedNames.length > 0) arrays.push(...sharedArrays(statement.sharedNames, batch));
    const { rows } = await pool.query<unknown[]>({
      name: statement.name,
      text: statement.text,
      values: [...arrays, ...statement.constants],
      rowMode: 'array',
    });
    const found: unknown[][][] = batch.map(() => []);
    for (const [i, ...columns] of rows) found[Number(i) - 1]!.push(columns);
    batch.forEach((read, i) => read.resolve(found[i]!));
  } catch (err) {
    batch.forEach((read) => read.reject(err));
  }
}
