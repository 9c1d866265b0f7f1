/**
 * `npm run bench:keyed-writes`: what an `Idempotency-Key` adds to a write the `/akun` app sends (a petani
 * registering a lahan, `POST /api/v1/lahan`, through `app.inject`): its peer, in the same run, is the very same
 * write without a key. Keyed and unkeyed runs alternate, so that a change in the machine's load falls on both.
 *
 *   BENCH_DATABASES     PostgreSQL databases to measure on BENCH_DATABASE_URL's server (default
 *                       postgres://postgres@127.0.0.1:5432), each migrated and given the demo data when it has
 *                       no petani; BENCH_DATA_DIR an embedded one; neither: the embedded database, in memory
 *   BENCH_RUNS          timed runs of each (default 300, after 30 untimed)
 *   BENCH_LABEL         writes the table to bench/RESULTS.md under "bench:keyed-writes $BENCH_LABEL"
 */
import { sql } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO_ADMIN } from '../src/server/config.js';
import type { Database } from '../src/server/db/engine/client.js';
import { seedDatabase } from '../src/server/db/seed/index.js';
import { benchApp, benchDatabases } from './app.js';
import { runBench } from './cleanup.js';
import { median, quantile } from './lists.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const WARMUP = 30;

/** The figures of one database: keyed against unkeyed, alternated. */
async function measure(label: string, database: Database): Promise<string> {
  const { app, db, one, tokenFor } = await benchApp(label, database);
  await seedDatabase(db, { seed: 'demo', adminEmail: DEMO_ADMIN.email, adminPassword: DEMO_ADMIN.password });
  const first = async (query: string) => (await one<{ id: number }>(query)).id;
  const petani = await first(`SELECT min(id) AS id FROM users WHERE role = 'petani'`);
  const token = await tokenFor({ id: petani, role: 'petani' });
  const body = {
    luas_lahan: 1500,
    address_lahan: 'Dusun Krajan RT 02',
    location_id: await first('SELECT min(id) AS id FROM locations'),
    category_id: await first('SELECT min(id) AS id FROM land_categories'),
  };
  const run = `${process.pid}-${Date.now()}`;
  let n = 0;

  /** Milliseconds of one registration, with a new key or without one. */
  async function write(keyed: boolean): Promise<number> {
    const i = ++n;
    const started = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/lahan',
      headers: {
        authorization: `Bearer ${token}`,
        ...(keyed ? { 'idempotency-key': `bench-${run}-${i}` } : {}),
      },
      payload: { ...body, nama_lahan: `Sawah Bench ${run} ${i}` },
    });
    const took = performance.now() - started;
    if (res.statusCode !== 201) throw new Error(`POST /api/v1/lahan: ${res.statusCode} ${res.body}`);
    return took;
  }

  const load = loadavg()[0]!.toFixed(2);
  const keyed: number[] = [];
  const plain: number[] = [];
  try {
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const [a, b] =
        i % 2 ? [await write(true), await write(false)] : [await write(false), await write(true)];
      if (i < WARMUP) continue;
      (i % 2 ? keyed : plain).push(a);
      (i % 2 ? plain : keyed).push(b);
    }
  } finally {
    await db.execute(sql`DELETE FROM lahan WHERE nama_lahan LIKE ${`Sawah Bench ${run} %`}`);
    await db.execute(sql`DELETE FROM idempotency_keys WHERE key LIKE ${`bench-${run}-%`}`);
  }
  const row = (name: string, xs: number[]) => [name, median(xs).toFixed(2), quantile(xs, 0.9).toFixed(2)];
  const ratio = median(keyed) / median(plain);
  const header = ['POST /api/v1/lahan (petani)', 'median ms', 'p90 ms'];
  const table = [
    header,
    header.map(() => '---'),
    row('with a new Idempotency-Key', keyed),
    row('without', plain),
  ]
    .map((r) => `| ${r.join(' | ')} |`)
    .join('\n');
  const where = database.kind === 'postgres' ? `PostgreSQL (${label})` : label;
  return (
    `${where}; ${RUNS} runs of each, alternated, after ${WARMUP} of each untimed; load average ${load} at the ` +
    `start, ${loadavg()[0]!.toFixed(2)} at the end.\n\n${table}\n\nKeyed ÷ unkeyed (medians): ${ratio.toFixed(2)}×\n`
  );
}

async function main() {
  const texts: string[] = [];
  for (const { label, open } of benchDatabases('', true)) {
    texts.push(await measure(label, await open()));
    console.log(texts.at(-1));
  }
  const label = process.env.BENCH_LABEL;
  if (label)
    await writeSection(
      `## bench:keyed-writes ${label}`,
      `## bench:keyed-writes ${label}\n\n${texts.join('\n')}`,
    );
}

runBench(main);
