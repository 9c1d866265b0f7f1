import { Placeholder } from 'drizzle-orm';
import pg from 'pg';
import { nameOf, poolOf, runPrebuiltRows, shaped } from './prebuilt.js';

/*
 * Reads of one shape that arrive together go to PostgreSQL as one statement. Each read's values are a row of
 * arrays (`unnest … with ordinality`), and its statement runs once per row, laterally, with those values in
 * place of its placeholders: a record by id costs one index probe per read, while the statement's round
 * trip, its Bind and Execute, the executor's start and node-postgres' query object are paid once per batch.
 * Under load most of a read by id was that per-statement cost, in PostgreSQL and in Node (issue 28).
 */

/** A read waiting for its batch: its values, and where its rows go. */
interface Waiting {
  values: Record<string, unknown>;
  resolve(rows: unknown[][]): void;
  reject(err: unknown): void;
}

/** A batch's statement: its text and the values that are not a read's own (the shape's constants). */
interface Batched {
  name: string;
  /** The reads' values, by name, in the order of the statement's arrays. */
  names: string[];
  text: string;
  constants: unknown[];
}

/** At most this many reads in one statement; the rest wait for the next. */
const MAX_BATCH = 256;
const queues = new WeakMap<pg.Pool, Map<string, Waiting[]>>();

/**
 * The statement of `text` (Drizzle's, its placeholders among `params`) for a batch: each placeholder becomes
 * the column of its name in the batch's rows, typed by `types`; the other parameters stay parameters.
 */
function batchedText(text: string, params: unknown[], names: string[], types: Record<string, string>) {
  const constants: unknown[] = [];
  const numbers = params.map((param) => {
    if (param instanceof Placeholder) {
      if (!names.includes(param.name)) throw new Error(`the batch has no value ${param.name}`);
      return `b."${param.name}"`;
    }
    constants.push(param);
    return `$${names.length + constants.length}`;
  });
  const inner = text.replace(/\$(\d+)\b/g, (_, n: string) => numbers[Number(n) - 1]!);
  const arrays = names.map((name, i) => {
    if (!types[name]) throw new Error(`no type for the batch value ${name}`);
    return `$${i + 1}::${types[name]}[]`;
  });
  const columns = names.map((name) => `"${name}"`).join(', ');
  return {
    text: `select b.i, x.* from unnest(${arrays.join(', ')}) with ordinality as b(${columns}, i) cross join lateral (${inner}) x`,
    constants,
  };
}

/**
 * `runPrebuiltRows` for a hot read by key (lahan by id): on the PostgreSQL pool, the reads of shape `key` made
 * in the same turn of the event loop are read by one statement (see above); each gets its own rows, columns by
 * position after the statement's order. `types` gives the PostgreSQL type of every value a read may bind.
 * Elsewhere (a transaction's handle, PGlite) it is `runPrebuiltRows`.
 */
export function runBatchedRows(
  db: object,
  key: string,
  values: Record<string, unknown>,
  types: Record<string, string>,
  build: Parameters<typeof runPrebuiltRows>[3],
): Promise<unknown[][]> {
  const pool = poolOf(db);
  if (!pool) return runPrebuiltRows(db, key, values, build);
  const names = Object.keys(values);
  const fullKey = `batch|${key}|${names.join(',')}`;
  const statement = shaped(db, fullKey, (): Batched => {
    const { sql: text, params } = build().toSQL();
    return { name: nameOf(fullKey), names, ...batchedText(text, params, names, types) };
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
  return new Promise((resolve, reject) => queue.push({ values, resolve, reject }));
}

async function runBatch(pool: pg.Pool, statement: Batched, batch: Waiting[]) {
  try {
    const arrays = statement.names.map((name) => batch.map((read) => read.values[name] ?? null));
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
