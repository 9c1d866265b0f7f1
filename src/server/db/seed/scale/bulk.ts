import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../engine/client.js';
import { searchRow } from './search-rows.js';
import { literal, rowsOf, rowsOfQuery, type Step } from './sql.js';

/**
 * Bulk loading that keeps derived data true without paying for it row by row, in stages that each commit:
 * - the loaded tables' secondary (non-unique) indexes are dropped and built once over the loaded rows: a
 *   sorted build, where rows added one by one into random places of nine indexes cost more than the rows.
 *   They are built after their stage's commit by `finishLoad` (scale/after-load.ts), on a connection per
 *   core, while the next stages load;
 * - so are their primary and unique keys that no foreign key leans on (e-mails, NIKs), built sorted rather
 *   than checked by a descent of their index per row;
 * - their foreign keys are dropped and added back as their stage ends, which checks every row in one join
 *   instead of one lookup per inserted row;
 * - the search_text triggers are off, and `insertSearchable` gives each row its search_text from the
 *   table's set-based search document function (functions/60-search-text.sql), the definition the
 *   triggers themselves read;
 * - the row triggers that copy another table's data onto a row are off, and the caller's SELECT gives each row
 *   that data, instead of one locked lookup per row: a lahan its owner's verification (functions/30-petani-
 *   verified.sql), a location its area's names (20-location-names.sql);
 * - the list_counts insert triggers are off (each would keep every inserted row in a transition table to count
 *   it), and each counted entity is recounted from its whole table as its stage ends, by the triggers' own
 *   statement (functions/50-list-counts.sql, `list_counts_recount_<entity>`).
 * Everything is taken apart at once in a first transaction, which also writes what puts it back into
 * `scale_pending_indexes` (each stage's commit strikes off its tables' restores): a stage that drops a foreign
 * key later would wait for every index build on the table it references. A run that stops part-way leaves the
 * list, and the next start (`finishLoad`) puts everything back.
 * On a schema without the set-based functions (bench:scale of an older commit) the search triggers stay on, and
 * without the recount functions the counters' ones.
 */
export interface BulkStages {
  /**
   * Runs `load` in a transaction of its own, then puts back the keys, foreign keys, triggers and counters of
   * `tables` in it, and commits.
   */
  stage<T>(tables: readonly string[], load: (bulk: BulkLoad) => Promise<T>): Promise<T>;
}

/** A stage's transaction, its step runner, and its bulk insert. */
export interface BulkLoad {
  tx: Tx;
  step: Step;
  /**
   * Inserts `select`'s rows (`columns`, `id` included) into `table` in id order (so `select` needs no ORDER BY:
   * a sort of the staged rows' every column, on disk at 3M lahan), with their search_text; `amend`, if given,
   * may change the rows first in the temporary table named `scale_stage_<table>` (LIKE `table`).
   */
  insertSearchable(
    table: string,
    columns: string,
    select: string,
    amend?: (stage: string) => Promise<void>,
  ): Promise<number>;
}

/** The work a load left for after its stages' commits (scale/after-load.ts): index builds, and restores. */
export const PENDING_INDEXES = 'scale_pending_indexes';

/** Whether a pending statement puts back a key, foreign key, trigger or counter (run in order) — else it builds an index. */
export const isRestore = (definition: string) => !/^CREATE (UNIQUE )?INDEX /.test(definition);

/** The table a pending foreign key's restore references, if it is one. */
export const referenced = (definition: string) =>
  /^ALTER TABLE .* FOREIGN KEY \(.*\) REFERENCES "?([a-z_0-9]+)"?\(/.exec(definition)?.[1];

/**
 * The row triggers that copy another table's data onto a row: a lahan's owner's verification and province, a
 * location's area names.
 */
const COPYING_TRIGGERS = ['petani_verified_of_row', 'lahan_province', 'location_area_names'];

interface Named {
  table: string;
  name: string;
  definition: string;
}

/** A transaction's step runner: runs one statement, logs its first words (or `label`) and seconds. */
const stepper =
  (tx: Tx, log: (line: string) => void): Step =>
  async (query, label) => {
    const started = performance.now();
    const result = await tx.execute(typeof query === 'string' ? sql.raw(query) : query);
    const name = label ?? (typeof query === 'string' ? query.trim().split(/\s+/).slice(0, 4).join(' ') : '');
    log(`${name} … ${((performance.now() - started) / 1000).toFixed(1)} s`);
    return result;
  };

/**
 * Takes apart the indexes, keys, foreign keys and triggers of `tables` and commits; `committed`, if given,
 * hears the tables of each stage once it has committed (their indexes may then be built meanwhile).
 */
export async function beginBulkLoad(
  db: Db,
  tables: readonly string[],
  log: (line: string) => void,
  committed?: (tables: readonly string[]) => void,
): Promise<BulkStages> {
  const searchable = await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    return takeApart(tx, stepper(tx, log), tables);
  });
  /** The tables of the stages that committed. */
  const done = new Set<string>();
  return {
    stage: (stageTables, load) =>
      db
        .transaction(async (tx) => {
          const step = stepper(tx, log);
          await step(`SET LOCAL statement_timeout = 0`);
          // Sorts, hash joins and index builds over a whole table's rows in memory rather than in runs on disk.
          await step(`SET LOCAL maintenance_work_mem = '256MB'`);
          await step(`SET LOCAL work_mem = '256MB'`);
          // The load's statements are planned on guesses far off (a set function's rows, joins of tables just
          // filled), which sent the JIT to inline and optimise: 1.9 s of 4.9 for the terms' documents.
          // Expressions are still compiled, which pays for itself over a whole table's rows.
          await step(`SET LOCAL jit_inline_above_cost = -1`);
          await step(`SET LOCAL jit_optimize_above_cost = -1`);
          const result = await load({
            tx,
            step,
            insertSearchable: (...args) => insertSearchable(tx, step, searchable, ...args),
          });
          const names = `ARRAY[${stageTables.map(literal).join(',')}]`;
          const restores = await rowsOfQuery<{ definition: string }>(
            tx,
            `SELECT definition FROM ${PENDING_INDEXES} WHERE table_name = ANY(${names}) AND position > 0
             ORDER BY position`,
          );
          // While another connection builds the earlier stages' indexes (`committed` is heard), a foreign key to
          // one of their tables would wait for those builds: it stays listed, and afterLoad adds it once nothing
          // runs on either table.
          for (const { definition } of restores) {
            if (committed && done.has(referenced(definition) ?? '')) continue;
            await step(definition);
            await step(`DELETE FROM ${PENDING_INDEXES} WHERE definition = ${literal(definition)}`);
          }
          return result;
        })
        .then((result) => {
          stageTables.forEach((table) => done.add(table));
          committed?.(stageTables);
          return result;
        }),
  };
}

/** Drops and disables what the load does without, listing what puts it back; answers whether search_text is made set-based. */
async function takeApart(tx: Tx, step: Step, tables: readonly string[]): Promise<boolean> {
  const names = `ARRAY[${tables.map(literal).join(',')}]`;
  const ours = `c.relnamespace = current_schema()::regnamespace AND c.relname = ANY(${names})`;
  const indexes = await rowsOfQuery<Named>(
    tx,
    `SELECT c.relname AS table, i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
     FROM pg_index x JOIN pg_class i ON i.oid = x.indexrelid JOIN pg_class c ON c.oid = x.indrelid
     WHERE ${ours} AND NOT x.indisunique AND NOT x.indisexclusion ORDER BY i.relname`,
  );
  const keys = await rowsOfQuery<Named>(
    tx,
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE ${ours} AND k.contype IN ('p', 'u')
       AND NOT EXISTS (SELECT FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = k.conindid)
     ORDER BY k.conname`,
  );
  const foreignKeys = await rowsOfQuery<Named>(
    tx,
    `SELECT c.relname AS table, k.conname AS name, pg_get_constraintdef(k.oid) AS definition
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid
     WHERE ${ours} AND k.contype = 'f' ORDER BY k.conname`,
  );
  const searchable = (
    await rowsOfQuery<{ ok: boolean }>(tx, `SELECT to_regproc('lahan_search_docs') IS NOT NULL AS ok`)
  )[0]!.ok;
  // The counted entities of the loaded tables, by their insert triggers' functions (list_counts_track_<entity>).
  const counted = await rowsOfQuery<{ table: string; name: string; recount: string | null }>(
    tx,
    `SELECT c.relname AS table, t.tgname AS name,
       to_regproc('list_counts_recount_' || substr(p.proname, length('list_counts_track_') + 1))::text AS recount
     FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
     WHERE ${ours} AND NOT t.tgisinternal AND t.tgenabled <> 'D' AND p.proname LIKE 'list\\_counts\\_track\\_%'
       AND t.tgtype & 4 <> 0
     ORDER BY 1, 2`,
  );
  const recounted = counted.every((c) => c.recount) ? counted : [];
  const triggers = [
    ...(await rowsOfQuery<Omit<Named, 'definition'>>(
      tx,
      `SELECT DISTINCT c.relname AS table, t.tgname AS name FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
       WHERE ${ours} AND NOT t.tgisinternal
         AND (t.tgname IN (${COPYING_TRIGGERS.map(literal).join(', ')}) OR (${searchable} AND t.tgname LIKE 'search\\_text%'))
       ORDER BY 1, 2`,
    )),
    ...recounted,
  ];

  for (const { table, name } of [...foreignKeys, ...keys]) {
    await step(`ALTER TABLE "${table}" DROP CONSTRAINT "${name}"`);
  }
  for (const { name } of indexes) await step(`DROP INDEX "${name}"`);
  for (const { table, name } of triggers) await step(`ALTER TABLE "${table}" DISABLE TRIGGER "${name}"`);

  const restores: [string, string][] = [
    ...[...keys, ...foreignKeys].map(({ table, name, definition }): [string, string] => [
      table,
      `ALTER TABLE "${table}" ADD CONSTRAINT "${name}" ${definition}`,
    ]),
    ...triggers.map(({ table, name }): [string, string] => [
      table,
      `ALTER TABLE "${table}" ENABLE TRIGGER "${name}"`,
    ]),
    ...[...new Set(recounted.map((r) => `${r.table}\n${r.recount}`))].map((key): [string, string] => {
      const [table, recount] = key.split('\n') as [string, string];
      return [table, `SELECT ${recount}()`];
    }),
  ];
  const rows = [
    ...indexes.map((d) => `(${literal(d.definition)}, ${literal(d.table)}, 0)`),
    ...restores.map(([table, definition], i) => `(${literal(definition)}, ${literal(table)}, ${i + 1})`),
  ];
  await step(`CREATE TABLE IF NOT EXISTS ${PENDING_INDEXES}
    (definition text PRIMARY KEY, table_name text, position int NOT NULL DEFAULT 0)`);
  if (rows.length) await step(`INSERT INTO ${PENDING_INDEXES} VALUES ${rows.join(', ')}`);
  return searchable;
}

/** Rows whose search documents are made at once. */
const SEARCH_BATCH = 1_000_000;

async function insertSearchable(
  tx: Tx,
  step: Step,
  searchable: boolean,
  table: string,
  columns: string,
  select: string,
  amend?: (stage: string) => Promise<void>,
): Promise<number> {
  const stage = `scale_stage_${table}`;
  const own = await rowsOfQuery<{ name: string }>(
    tx,
    `SELECT quote_ident(attname) AS name FROM pg_attribute
     WHERE attrelid = '${table}'::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = '' AND attname <> 'search_text'
     ORDER BY attnum`,
  );
  const list = (prefix: string) => own.map((c) => `${prefix}${c.name}`).join(', ');
  await step(`CREATE TEMP TABLE ${stage} (LIKE ${table} INCLUDING DEFAULTS) ON COMMIT DROP`);
  await step(`INSERT INTO ${stage} (${columns}) ${select}`);
  await amend?.(stage);
  let inserted: unknown;
  if (searchable) {
    // The set function is planned without knowing its batch's size (it guesses ten rows, and would look
    // each joined row up by index); for a whole table's rows, hash joins.
    await step(`SET LOCAL enable_nestloop = off`);
    // In batches of ids: an array of 3M lahan rows with their boundaries passes PostgreSQL's 1 GB array limit.
    const { low, high } = (
      await rowsOfQuery<{ low: string; high: string }>(
        tx,
        `SELECT coalesce(min(id), 0)::bigint AS low, coalesce(max(id), -1)::bigint AS high FROM ${stage}`,
      )
    )[0]!;
    const row = await searchRow(tx, table);
    let rows = 0;
    for (let from = Number(low); from <= Number(high); from += SEARCH_BATCH) {
      const batch = `id BETWEEN ${from} AND ${from + SEARCH_BATCH - 1}`;
      rows += rowsOf(
        await step(`
          INSERT INTO ${table} (${list('')}, search_text) OVERRIDING SYSTEM VALUE
          SELECT ${list('s.')}, d.doc FROM ${stage} s
          JOIN ${table}_search_docs(ARRAY(SELECT ${row} FROM ${stage} x WHERE x.${batch})) d ON d.id = s.id
          WHERE s.${batch} ORDER BY s.id`),
      );
    }
    inserted = { rowCount: rows };
    await step(`SET LOCAL enable_nestloop = DEFAULT`);
  } else {
    inserted = await step(`
      INSERT INTO ${table} (${list('')}) OVERRIDING SYSTEM VALUE SELECT ${list('')} FROM ${stage} ORDER BY id`);
  }
  await step(`DROP TABLE ${stage}`);
  return rowsOf(inserted);
}

/** Takes `n` ids of `table`'s identity sequence at once; answers the first (the rest follow it). */
export async function reserveIds(tx: Tx, table: string, n: number): Promise<number> {
  if (n <= 0) return 0;
  const [row] = await rowsOfQuery<{ first: string }>(
    tx,
    `SELECT setval(s::regclass, nextval(s::regclass) + ${n - 1}) - ${n - 1} AS first
     FROM pg_get_serial_sequence('${table}', 'id') s`,
  );
  return Number(row!.first);
}
