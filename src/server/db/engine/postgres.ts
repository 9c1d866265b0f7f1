import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../paths.js';
import { applyDerivedState } from '../functions/apply.js';
import { consoleLog, type Database, type Db } from './client.js';
import { retryReadsOnDeadConnection, surviveConnectionLoss } from './connection-loss.js';
import { vacuumingRewrites } from './rewritten.js';
import * as schema from '../schema.js';

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

/**
 * The requests' statements get no parallel workers: they are many small ones at once, and a parallel plan's
 * workers cost more to start and stop than its reading saves — under load, 0.4–0.7 s for a map's wide box at 3M
 * lahan, and a search's capped count in parts at 100k users 59–123 ms against 5–37 ms without (bench/RESULTS.md).
 */
const NO_PARALLEL_WORKERS = { options: '-c max_parallel_workers_per_gather=0' } satisfies pg.PoolConfig;

/** A pool of 10 connections to the PostgreSQL server at `connectionString`. */
export function openPostgres(connectionString: string): Database {
  const pool = new pg.Pool({ connectionString, max: 10, ...REQUEST_LIMITS, ...NO_PARALLEL_WORKERS });
  const database: Database = {
    db: drizzle(pool, { schema }) as unknown as Db,
    kind: 'postgres',
    // On a connection of its own, without the requests' time limits: building an index, or counting a derived
    // table anew (lahan_grid at 3M lahan), on a large table may take minutes.
    migrate: async () => {
      const client = new pg.Client({ connectionString });
      await client.connect();
      try {
        const db = drizzle(client, { schema }) as unknown as Db;
        await vacuumingRewrites(db, async () => {
          await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
          await applyDerivedState(db);
        });
      } finally {
        await client.end();
      }
    },
    close: () => pool.end(),
    log: consoleLog,
  };
  surviveConnectionLoss(pool, () => database.log);
  retryReadsOnDeadConnection(pool, () => database.log);
  return database;
}
