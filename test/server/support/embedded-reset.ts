import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { drizzle } from 'drizzle-orm/pglite';
import { openDatabase, type Database, type Db } from '../../../src/server/db/engine/client.js';
import * as schema from '../../../src/server/db/schema.js';
import { whenSeeded } from '../../support/seeded-embedded.js';

/**
 * One embedded database per test worker, put back to the run's seeded snapshot before each file.
 *
 * Loading the snapshot costs a file 1.7–2 s of CPU (unpacking it and starting PostgreSQL in WASM); the suite is
 * CPU-bound on two cores and has ~33 such files. Instead the worker loads it once, copies every table into
 * the `test_seed` schema, and before the next file puts back only the tables the previous one wrote to
 * (PostgreSQL's own per-table write counters; a TRUNCATE shows as a new relfilenode), and of those only the
 * rows it wrote (`restore`), with triggers off so that derived tables (list_counts, search_words,
 * search_pairs…) come back as copied. A file that changed the schema itself (dropped a table, left a trigger
 * or function) gets a freshly loaded database.
 */
interface Seeded {
  database: Database;
  client: PGlite;
  fingerprint: string;
  tables: { name: string; copy: string; columns: string; key: string[] }[];
  sequences: string;
  /** Per table: its write count and relfilenode after the last reset. */
  writes: Map<string, string>;
  /** The first transaction id after the last reset: a row version it or a later one made is not the seed's. */
  since: string;
}

const shared = globalThis as { tanimitraWorkerDatabase?: Promise<Seeded> };

/**
 * The worker's database as the seed left it; `close()` leaves it open for the next file. Each file gets its own
 * handle on it: the server keeps per-handle state (db/lists prebuilt statements, table sizes, a test's settings),
 * which one file must not see of another's.
 */
export async function seededWorkerDatabase(): Promise<Database> {
  const seeded = await (shared.tanimitraWorkerDatabase ??= load());
  if (!(await putBack(seeded))) {
    await seeded.database.close().catch(() => {});
    shared.tanimitraWorkerDatabase = load();
  }
  const { database, client } = await shared.tanimitraWorkerDatabase!;
  return { ...database, db: drizzle(client, { schema }) as unknown as Db, close: async () => {} };
}

/**
 * Puts back what the previous file wrote; false when only a fresh load will do: the schema changed, or the
 * reset failed (e.g. the file left a transaction open or aborted).
 */
async function putBack(seeded: Seeded): Promise<boolean> {
  try {
    if ((await fingerprint(seeded.client)) !== seeded.fingerprint) return false;
    await reset(seeded);
    return true;
  } catch {
    return false;
  }
}

const SCHEMAS = `('public', 'drizzle')`;

async function load(): Promise<Seeded> {
  const snapshot = readFileSync(await whenSeeded(inject('snapshotPath')));
  const database = await openDatabase({ loadDataDir: new Blob([snapshot]) });
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const { rows: tables } = await client.query<Seeded['tables'][number]>(`
    SELECT format('%I.%I', n.nspname, c.relname) AS name, format('%I', n.nspname || '.' || c.relname) AS copy,
      (SELECT string_agg(format('%I', a.attname), ', ' ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
      ARRAY(SELECT format('%I', a.attname) FROM pg_index i,
        unnest(i.indkey) WITH ORDINALITY AS k(attnum, n) JOIN pg_attribute a ON a.attnum = k.attnum
        WHERE i.indrelid = c.oid AND i.indisprimary AND a.attrelid = c.oid ORDER BY k.n) AS key
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE c.relkind = 'r' AND n.nspname IN ${SCHEMAS} ORDER BY 1`);
  const { rows: sequences } = await client.query<{ name: string; value: string; called: boolean }>(`
    SELECT format('%I.%I', schemaname, sequencename) AS name,
      coalesce(last_value, start_value)::text AS value, last_value IS NOT NULL AS called
    FROM pg_sequences WHERE schemaname IN ${SCHEMAS}`);
  await client.exec(
    'CREATE SCHEMA test_seed;' +
      tables.map((t) => `CREATE TABLE test_seed.${t.copy} AS SELECT ${t.columns} FROM ${t.name};`).join(''),
  );
  return {
    database,
    client,
    fingerprint: await fingerprint(client),
    tables,
    sequences: sequences.map((s) => `SELECT setval('${s.name}', ${s.value}, ${s.called});`).join(''),
    writes: await writes(client),
    since: await nextTransaction(client),
  };
}

async function reset(seeded: Seeded): Promise<void> {
  const now = await writes(seeded.client);
  const dirty = seeded.tables.filter((t) => now.get(t.name) !== seeded.writes.get(t.name));
  await seeded.client.exec(
    'RESET ALL; DISCARD TEMP; SELECT pg_advisory_unlock_all();' +
      'BEGIN; SET LOCAL session_replication_role = replica;' +
      dirty.map((table) => restore(table, seeded.since)).join('') +
      seeded.sequences +
      'COMMIT;',
  );
  seeded.writes = await writes(seeded.client);
  seeded.since = await nextTransaction(seeded.client);
}

/**
 * Makes `table` hold its copy's rows again: the row versions made since the last reset go (rows added, and
 * the new versions of rows changed), then the copy's rows whose key is missing come back (rows changed or
 * deleted). Emptying and refilling the table instead rewrote every row and index entry (the trigram and
 * search pieces' ones above all) for a file that had changed a few: the server files took 9 % more CPU.
 */
function restore(table: Seeded['tables'][number], since: string): string {
  const copy = `test_seed.${table.copy}`;
  return (
    `DELETE FROM ${table.name} WHERE xmin::text::bigint >= ${since};` +
    `INSERT INTO ${table.name} (${table.columns}) OVERRIDING SYSTEM VALUE SELECT ${table.columns} FROM ${copy} s ` +
    `WHERE NOT EXISTS (SELECT FROM ${table.name} t WHERE ${table.key.map((c) => `t.${c} = s.${c}`).join(' AND ')});`
  );
}

/** The id the next transaction will get (no transaction wraps around within a test run). */
async function nextTransaction(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ id: string }>('SELECT (txid_current() + 1)::text AS id');
  return rows[0]!.id;
}

/** Per table, its tuples inserted + updated + deleted (counted also in rolled-back transactions) and relfilenode. */
async function writes(client: PGlite): Promise<Map<string, string>> {
  // Statistics reach the shared counters when a transaction ends, at most once a second unless forced.
  await client.query('SELECT pg_stat_force_next_flush()');
  const { rows } = await client.query<{ name: string; writes: string }>(`
    SELECT format('%I.%I', schemaname, relname) AS name,
      (n_tup_ins + n_tup_upd + n_tup_del) || '/' || pg_relation_filenode(relid) AS writes
    FROM pg_stat_user_tables WHERE schemaname IN ${SCHEMAS}`);
  return new Map(rows.map((r) => [r.name, r.writes]));
}

/** Tables, columns, functions and triggers of the app's schemas. */
async function fingerprint(client: PGlite): Promise<string> {
  const { rows } = await client.query<{ md5: string }>(`
    SELECT md5(concat_ws('|',
      (SELECT string_agg(concat(c.oid, c.relname, c.relkind), ',' ORDER BY c.oid) FROM pg_class c
        JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ${SCHEMAS}),
      (SELECT string_agg(concat(a.attrelid, a.attname, a.atttypid), ',' ORDER BY a.attrelid, a.attnum) FROM pg_attribute a
        JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname IN ${SCHEMAS} AND a.attnum > 0 AND NOT a.attisdropped),
      (SELECT string_agg(concat(p.oid, p.proname, md5(p.prosrc)), ',' ORDER BY p.oid) FROM pg_proc p
        JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname IN ${SCHEMAS}),
      (SELECT string_agg(concat(t.oid, t.tgname, t.tgenabled), ',' ORDER BY t.oid) FROM pg_trigger t WHERE NOT t.tgisinternal)
    )) AS md5`);
  return rows[0]!.md5;
}
