import type { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { DbLog } from './connection-loss.js';
import type * as schema from '../schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; it has the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The rows of a query (node-postgres and PGlite both answer `{ rows }`). */
export async function queryRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Runs `SELECT 1`: throws when the database cannot answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs the pending migrations, then applies the functions, triggers and views of db/functions/. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** Where lost PostgreSQL connections are reported: the console until the server sets its own logger. */
  log: DbLog;
}

export interface OpenOptions {
  /** `postgres://…` for a PostgreSQL server; otherwise the embedded database. */
  databaseUrl?: string;
  /** Directory of the embedded database; omitted means in memory. */
  dataDir?: string;
  /** A `dumpDataDir()` snapshot to start the embedded database from (tests). */
  loadDataDir?: Blob;
}

export const consoleLog: DbLog = { warn: (obj, msg) => console.warn(msg, obj) };

/**
 * PostgreSQL (db/engine/postgres.ts) or the embedded database (db/engine/pglite.ts). Each is imported only when asked for:
 * a process loads the driver it uses and not the other (PGlite's or pg's modules cost a start 30–100 ms).
 */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  return options.databaseUrl
    ? (await import('./postgres.js')).openPostgres(options.databaseUrl)
    : await (await import('./pglite.js')).openPglite(options);
}

/** Exposed for tests that snapshot a migrated embedded database. */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('gzip');
}
