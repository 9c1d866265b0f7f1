/**
 * API throughput benchmark: real HTTP on loopback against a freshly seeded database.
 * Every figure is also given as a ratio to `health` (one database round trip through the same stack),
 * measured in the same run, so results compare across machines.
 *
 *   npm run bench:api                       # embedded PGlite
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:api   # PostgreSQL as well
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase, type Database } from '../src/server/db/engine/client.js';
import { seedDatabase } from '../src/server/db/seed/index.js';
import { startSession } from '../src/server/modules/auth/sessions.js';
import { quantile } from './lists.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

const SCENARIOS: { name: string; url: string; admin?: boolean }[] = [
  { name: 'health (peer)', url: '/api/v1/health' },
  { name: 'public downloads', url: '/api/v1/downloads' },
  { name: 'petani page 2', url: '/api/v1/admin/petani?page=2&limit=10', admin: true },
  { name: 'petani search', url: '/api/v1/admin/petani?q=santoso', admin: true },
  { name: 'users by role', url: '/api/v1/admin/users?role=mitra&status_verifikasi=true', admin: true },
  { name: 'lahan filtered', url: '/api/v1/lahan?status=active&sort=luas_lahan&order=desc', admin: true },
  { name: 'contracts search', url: '/api/v1/contract?q=padi', admin: true },
  { name: 'locations search', url: '/api/v1/admin/location?q=jawa', admin: true },
  { name: 'dashboard stats', url: '/api/v1/admin/stats', admin: true },
];

async function measure(url: string, headers: Record<string, string>) {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        next++;
        const t = performance.now();
        const res = await fetch(url, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) failures++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { rps: REQUESTS / seconds, p50: quantile(latencies, 0.5), p95: quantile(latencies, 0.95), failures };
}

async function run(label: string, database: Database) {
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: '/tmp/tanimitra-bench',
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
  });
  await seedDatabase(database.db, config);
  const app = await buildApp({ config, db: database.db, clientDir: '/nonexistent' });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const { token } = await startSession(database.db, app.tokens, { id: 1, role: 'admin' });
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const s of SCENARIOS) {
    await measure(base + s.url, s.admin ? { authorization: `Bearer ${token}` } : {}); // warm-up pass
    results[s.name] = await measure(base + s.url, s.admin ? { authorization: `Bearer ${token}` } : {});
  }
  await app.close();
  await database.close();
  const peer = results['health (peer)']!.rps;
  console.log(`\n${label}: ${REQUESTS} requests per scenario, ${CONCURRENCY} concurrent`);
  console.table(
    Object.fromEntries(
      Object.entries(results).map(([name, r]) => [
        name,
        {
          'req/s': Math.round(r.rps),
          'vs health': (r.rps / peer).toFixed(2),
          'p50 ms': r.p50.toFixed(1),
          'p95 ms': r.p95.toFixed(1),
          failures: r.failures,
        },
      ]),
    ),
  );
  return results;
}

const embedded = await run('PGlite (embedded)', await openDatabase({}));
const serverUrl = process.env.BENCH_DATABASE_URL;
if (serverUrl) {
  const name = `tanimitra_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const server = await run('PostgreSQL', await openDatabase({ databaseUrl: url.toString() }));
    console.log('\nPostgreSQL ÷ PGlite throughput:');
    console.table(
      Object.fromEntries(
        Object.keys(server).map((k) => [k, { ratio: (server[k]!.rps / embedded[k]!.rps).toFixed(2) }]),
      ),
    );
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
