import type { Tx } from '../../engine/client.js';
import { literal, rowsOf, rowsOfQuery, type Step } from './sql.js';

/**
 * Bulk loading that keeps derived data true without paying for it row by row, in the caller's transaction
 * (nothing else sees the tables meanwhile):
 * - the loaded tables' secondary (non-unique) indexes are dropped and built once over the loaded rows: a
 *   sorted build, where rows added one by one into random places of nine indexes cost more than the rows.
 *   They are built after the commit by `finishLoad` (scale/after-load.ts), side by side on a connection per
 *   core (in the load's transaction they would be built one after another on its one core), listed
 *   meanwhile in `scale_pending_indexes` so that an interrupted run's next start finishes them;
 * - so are their primary and unique keys that no foreign key leans on (e-mails, NIKs, words), built sorted
 *   rather than checked by a descent of their index per row;
 * - their foreign keys are dropped and added back at the end, which checks every row in one join instead
 *   of one lookup per inserted row;
 * - the search_text triggers are off, and `insertSearchable` gives each row its search_text from the
 *   table's set-based search document function (migration 0009_search_docs_sets), the definition the
 *   triggers themselves read;
 * - the row triggers that copy another table's data onto a row are off, and the caller's SELECT gives each row
 *   that data, instead of one locked lookup per row: a lahan its owner's verification (functions/30-petani-
 *   verified.sql), a location its area's names (20-location-names.sql; 16 of 17 s of 20k locations' insert);
 * - the list_counts insert triggers are off (each would keep every inserted row in a transition table to count
 *   it), and `finish` recounts each counted entity of the loaded tables from the whole table, by the triggers'
 *   own statement (functions/50-list-counts.sql, `list_counts_recount_<entity>`).
 * On a schema without the set-based functions (bench:scale of an older commit) the search triggers stay on, and
 * without the recount functions the counters' ones.
 */
export interface BulkLoad {
  /**
   * Inserts `select`'s rows (`columns`, `id` included) into `table`, with their search_text; `amend`, if
   * given, may change the rows first in the temporary table named `scale_stage_<table>` (LIKE `table`).
   */
  insertSearchable(
    table: string,
    columns: string,
    select: string,
    amend?: (stage: string) => Promise<void>,
  ): Promise<number>;
  /**
   * Builds the keys, lists the secondary indexes in scale_pending_indexes for `finishLoad`, adds the foreign
   * keys and turns the triggers back on.
   */
  finish(): Promise<void>;
}

/** The indexes a load left to build after its commit (scale/after-load.ts). */
export const PENDING_INDEXES = 'scale_pending_indexes';

/** The row triggers that copy another table's data onto a row: a lahan's owner's verification, a location's area names. */
const COPYING_TRIGGERS = ['petani_verified_of_row', 'location_area_names'];

interface Named {
  table: string;
  name: string;
  definition: string;
}

export async function beginBulkLoad(tx: Tx, step: Step, tables: readonly string[]): Promise<BulkLoad> {
  const names = `ARRAY[${tables.map((t) => `'${t}'`).join(',')}]`;
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
  // Sorts, hash joins and index builds over a whole table's rows in memory rather than in runs on disk.
  await step(`SET LOCAL maintenance_work_mem = '256MB'`);
  await step(`SET LOCAL work_mem = '256MB'`);
  // The load's statements are planned on guesses far off (a set function's rows, joins of tables just filled),
  // which sent the JIT to inline and optimise: 1.9 s of 4.9 for the terms' documents. Expressions are still
  // compiled, which pays for itself over a whole table's rows.
  await step(`SET LOCAL jit_inline_above_cost = -1`);
  await step(`SET LOCAL jit_optimize_above_cost = -1`);

  return {
    async insertSearchable(table, columns, select, amend) {
      const stage = `scale_stage_${table}`;
      const own = await rowsOfQuery<{ name: string }>(
        tx,
        `SELECT quote_ident(attname) AS name FROM pg_attribute
         WHERE attrelid = '${table}'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'search_text'
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
        inserted = await step(`
          INSERT INTO ${table} (${list('')}, search_text) OVERRIDING SYSTEM VALUE
          SELECT ${list('s.')}, d.doc FROM ${stage} s
          JOIN ${table}_search_docs(ARRAY(SELECT ROW(x.*)::${table} FROM ${stage} x)) d ON d.id = s.id
          ORDER BY s.id`);
        await step(`SET LOCAL enable_nestloop = DEFAULT`);
      } else {
        inserted = await step(`
          INSERT INTO ${table} (${list('')}) OVERRIDING SYSTEM VALUE SELECT ${list('')} FROM ${stage} ORDER BY id`);
      }
      await step(`DROP TABLE ${stage}`);
      return rowsOf(inserted);
    },
    async finish() {
      if (indexes.length) {
        await step(
          `CREATE TABLE IF NOT EXISTS ${PENDING_INDEXES} (definition text PRIMARY KEY, table_name text)`,
        );
        const rows = indexes.map((d) => `(${literal(d.definition)}, ${literal(d.table)})`);
        await step(`INSERT INTO ${PENDING_INDEXES} VALUES ${rows.join(', ')}`);
      }
      for (const { table, name, definition } of [...keys, ...foreignKeys]) {
        await step(`ALTER TABLE "${table}" ADD CONSTRAINT "${name}" ${definition}`);
      }
      for (const { table, name } of triggers) await step(`ALTER TABLE "${table}" ENABLE TRIGGER "${name}"`);
      for (const { recount } of recounted) await step(`SELECT ${recount}()`);
    },
  };
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
