import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';
import { EMBEDDED_OPTIONS } from './embedded-options.js';
import { retryReadsOnDeadConnection, surviveConnectionLoss, type DbLog } from './connection-loss.js';
import { prepareReads } from './prepared-reads.js';
import * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** What a transaction callback receives; it has the same query API as `Db`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Runs `SELECT 1`: throws when the database cannot answer. */
export async function ping(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
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

/**
 * Bounds on how long a request waits for PostgreSQL, so it gets an answer (503 when the database is away)
 * instead of hanging: a pool slot or a new connection within 10 s, the server cancels a statement after 30 s,
 * and the client gives up on an unanswered query (a silent network) after 40 s. TCP keepalive notices a
 * peer that vanished while a connection sat idle.
 */
const REQUEST_LIMITS = {
  connectionTimeoutMillis: 10_000,
  statement_timeout: 30_000,
  query_timeout: 40_000,
  keepAlive: true,
} satisfies pg.PoolConfig;

const consoleLog: DbLog = { warn: (obj, msg) => console.warn(msg, obj) };

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const connectionString = options.databaseUrl;
    const pool = new pg.Pool({ connectionString, max: 10, ...REQUEST_LIMITS });
    const database: Database = {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      kind: 'postgres',
      // On a connection of its own: building an index on a large table may take longer than a request may.
      migrate: async () => {
        const client = new pg.Client({ connectionString });
        await client.connect();
        try {
          await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        } finally {
          await client.end();
        }
      },
      close: () => pool.end(),
      log: consoleLog,
    };
    surviveConnectionLoss(pool, () => database.log);
    retryReadsOnDeadConnection(pool, () => database.log);
    prepareReads(pool);
    return database;
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    ...EMBEDDED_OPTIONS,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder: MIGRATIONS_DIR }),
    close: () => client.close(),
    log: consoleLog,
  };
}

/** Exposed for tests that snapshot a migrated embedded database. */
export async function dumpEmbedded(database: Database): Promise<Blob> {
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('gzip');
}
