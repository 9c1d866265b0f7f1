/**
 * `npm run seed:scale`: loads the scale data set (src/server/db/seed/scale.ts) into the database named by
 * DATABASE_URL, or into the embedded one under DATA_DIR. Migrates first, adds the demo seed when the
 * database is fresh, refuses to run on a database that already holds more than the demo data.
 *
 *   SCALE_USERS (100000) SCALE_LAHAN (300000) SCALE_CONTRACTS (lahan / 5) SCALE_LOCATIONS (users / 5)
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { hashPassword } from './auth/passwords.js';
import { loadConfig } from './config.js';
import { openDatabase, type Db } from './db/engine/client.js';
import * as schema from './db/schema.js';
import { seedDatabase } from './db/seed/index.js';
import { assertScaleable, countRows, scaleCounts, seedScale } from './db/seed/scale.js';
import { afterLoad, finishLoad, pendingIndexes } from './db/seed/scale/after-load.js';

/** Every scale account signs in with this password; they share one scrypt hash, computed once per run. */
export const SCALE_PASSWORD = 'Skala123!';
const TABLES = ['users', 'petani_profiles', 'mitra_profiles', 'documents', 'locations', 'lahan', 'contracts'];

async function main() {
  const started = performance.now();
  const counts = scaleCounts(process.env);
  // The seed signs no tokens: a placeholder satisfies the server's rule that DATABASE_URL needs JWT_SECRET.
  const config = loadConfig({
    ...process.env,
    JWT_SECRET: process.env.JWT_SECRET || 'seed-scale-signs-no-tokens-0123456789',
    SEED: 'demo',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  // A batch job, not a request: on PostgreSQL it runs on connections of its own, without the time limits
  // of the server's pool (statement_timeout, query_timeout), as migrations do; one per core: the load on the
  // first, the index builds after each of its stages on the others (db/seed/scale/after-load.ts).
  const batches = config.databaseUrl
    ? Array.from(
        { length: availableParallelism() },
        () => new pg.Client({ connectionString: config.databaseUrl }),
      )
    : [];
  const verbose = process.env.SCALE_VERBOSE ? (line: string) => console.log(`  ${line}`) : undefined;
  const phase = (name: string, since: number) =>
    verbose?.(`${name}: ${((performance.now() - since) / 1000).toFixed(1)} s`);
  try {
    await Promise.all(batches.map((batch) => batch.connect()));
    const sessions = batches.length
      ? batches.map((batch) => drizzle(batch, { schema }) as unknown as Db)
      : [database.db];
    const db = sessions[0]!;
    await database.migrate();
    if (await pendingIndexes(db)) {
      console.log(
        'An earlier seed:scale stopped part-way: putting back its keys and triggers, building its indexes …',
      );
      const built = await finishLoad(sessions, verbose);
      console.log(`Built ${built} index(es) in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
      return;
    }
    await assertScaleable(db);
    await seedDatabase(db, config);
    phase('migrations and demo seed', started);
    console.log(`Loading ${JSON.stringify(counts)} into ${where} …`);
    const loading = performance.now();
    // With a second connection, it builds the indexes of each stage that committed while the next ones load;
    // the first joins it once the load is done.
    const after = afterLoad(verbose);
    const [, ...helpers] = sessions;
    helpers.forEach((helper) => after.work(helper));
    const adding: Promise<void>[] = [];
    const { added } = await seedScale(
      db,
      counts,
      await hashPassword(SCALE_PASSWORD),
      verbose,
      helpers.length ? (tables) => adding.push(after.add(helpers[0]!, tables)) : undefined,
    );
    phase('scale set', loading);
    const finishing = performance.now();
    await Promise.all(adding);
    await after.add(db);
    after.work(db);
    await after.close();
    phase(`indexes and VACUUM ANALYZE after the load, on ${sessions.length} connection(s)`, finishing);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const totals: Record<string, { added: number; total: number }> = {};
    for (const table of TABLES) {
      totals[table] = { added: added[table] ?? 0, total: await countRows(db, table) };
    }
    console.table(totals);
    console.log(
      `Scale data set loaded in ${seconds} s (password of every scale account: ${SCALE_PASSWORD}; ` +
        `admin: ${config.adminEmail}).`,
    );
  } finally {
    await Promise.all(batches.map((batch) => batch.end()));
    await database.close();
  }
}

main().catch((err: unknown) => {
  const cause = err instanceof Error ? (err.cause ?? err) : err;
  console.error(cause instanceof Error ? cause.message : cause);
  process.exit(1);
});
