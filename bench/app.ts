/**
 * The app served in the benchmark's own process (answered by `app.inject`), on the databases a benchmark is
 * asked to measure: PostgreSQL databases loaded by `seed:scale` (BENCH_DATABASES on BENCH_DATABASE_URL's server)
 * and an embedded one (BENCH_DATA_DIR).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, queryRows, type Database } from '../src/server/db/engine/client.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { cleanups } from './cleanup.js';

export const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DATA_DIR = process.env.BENCH_DATA_DIR;

/**
 * The databases to measure, by label, each opened when asked for (and closed at the bench's end); with
 * `orInMemory`, an embedded one in memory when none is named.
 */
export function benchDatabases(
  defaults: string,
  orInMemory = false,
): { label: string; open: () => Promise<Database> }[] {
  const names = (process.env.BENCH_DATABASES ?? defaults).split(',').filter(Boolean);
  const opened = (open: () => Promise<Database>) => async () => {
    const database = await open();
    cleanups.push(() => database.close());
    return database;
  };
  const named = [
    ...names.map((name) => ({
      label: name,
      open: opened(() => openDatabase({ databaseUrl: `${SERVER_URL}/${name}` })),
    })),
    ...(DATA_DIR
      ? [{ label: `PGlite ${DATA_DIR}`, open: opened(() => openDatabase({ dataDir: DATA_DIR })) }]
      : []),
  ];
  return named.length || !orInMemory
    ? named
    : [{ label: 'PGlite (in memory)', open: opened(() => openDatabase({})) }];
}

/**
 * `database` migrated and served by the app (closed at the bench's end); `one` reads a statement's first row,
 * `tokenFor` signs a user in.
 */
export async function benchApp(label: string, database: Database) {
  const { db } = database;
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: DATA_DIR ?? '/nonexistent-bench-data-dir',
    JWT_SECRET: 'bench-app-secret-0123456789abcdef0123456789',
    LOG_LEVEL: 'silent',
    ...(database.kind === 'postgres' ? { DATABASE_URL: `${SERVER_URL}/${label}` } : {}),
  });
  const app = await buildApp({ config, db, clientDir: '/nonexistent-client-dir' });
  cleanups.push(() => app.close());
  const one = async <T>(text: string) => (await queryRows<T>(db, sql.raw(text)))[0]!;
  const tokenFor = async (user: Parameters<typeof startSession>[2]) =>
    (await startSession(db, app.tokens, user)).token;
  return { app, db, one, tokenFor };
}

/**
 * `GET url` through `app` (answered by `app.inject`) as the bearer of `token`, and the times taken by key: `get`
 * answers the milliseconds (an answer other than 200 stops the bench), `record` keeps one under a key, `of` gives
 * them back.
 */
export function timedGets(app: Awaited<ReturnType<typeof benchApp>>['app'], token: string) {
  const times = new Map<string, number[]>();
  return {
    get: async (url: string) => {
      const started = performance.now();
      const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - started;
      if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return ms;
    },
    record: (key: string, ms: number) => times.set(key, [...(times.get(key) ?? []), ms]),
    of: (key: string) => times.get(key) ?? [],
  };
}
