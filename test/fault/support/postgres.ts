import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { databaseUrlFor } from '../../server/support/database.js';

/** The PostgreSQL server the fault tests may create databases on (and, in CI, stop and start). */
export const serverUrl = (() => {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'The fault tests need DATABASE_URL: a PostgreSQL server where they may create and drop databases, ' +
        'e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:fault',
    );
  }
  return url;
})();

/** Runs one statement on a connection of its own (the server may have restarted since the last one). */
export async function admin<R extends pg.QueryResultRow>(text: string, values?: unknown[]): Promise<R[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database with a random name; the server under test migrates it. */
export async function createDatabase(): Promise<TestDatabase> {
  const name = `tanimitra_fault_${randomBytes(6).toString('hex')}`;
  await admin(`CREATE DATABASE ${name}`);
  return {
    name,
    url: databaseUrlFor(serverUrl, name),
    drop: async () => {
      await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** Terminates the backends of a database (only the idle ones if asked); answers how many. */
export async function terminateBackends(database: string, { idleOnly = false } = {}): Promise<number> {
  const rows = await admin<{ n: number }>(
    `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
      WHERE datname = $1 AND pid <> pg_backend_pid() AND ($2::boolean IS FALSE OR state = 'idle')`,
    [database, idleOnly],
  );
  return rows[0]?.n ?? 0;
}

/** How many connections a database has, by state. */
export async function backends(database: string): Promise<{ idle: number; total: number }> {
  const rows = await admin<{ idle: number; total: number }>(
    `SELECT count(*) FILTER (WHERE state = 'idle')::int AS idle, count(*)::int AS total
       FROM pg_stat_activity WHERE datname = $1`,
    [database],
  );
  return rows[0] ?? { idle: 0, total: 0 };
}

/**
 * Stops or starts the local PostgreSQL cluster (Debian's pg_ctlcluster; needs root). Only the CI fault
 * step may do this: it cuts every other client of the server too.
 */
export function postgresCluster(action: 'stop' | 'start'): void {
  const [version] = readdirSync('/etc/postgresql');
  if (!version) throw new Error('no PostgreSQL cluster under /etc/postgresql');
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', action], { stdio: 'inherit' });
}

/** Waits until the server accepts connections again. */
export async function waitForPostgres(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      await admin('SELECT 1');
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
