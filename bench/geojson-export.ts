/**
 * `npm run bench:geojson`: the server's memory and throughput while an admin downloads
 * GET /admin/lahan/export.geojson of every lahan (300k by default) on PostgreSQL.
 *
 * 1. A database loaded by seed:scale (`BENCH_REUSE=<name>`: that one, as it is; otherwise a fresh
 *    `bench_geojson_<random>` loaded with SCALE_USERS / SCALE_LAHAN, 100k / 300k by default, dropped at the end).
 *    A lahan seed:scale left without gps gets a small square here, so every lahan is exported.
 * 2. The server of this checkout (`node --import tsx src/server/main.ts`, WORKERS=1) on it.
 * 3. For Node's default heap and for the old space capped at 96 MB (a process that kept the export in memory
 *    would fail there), a server and BENCH_ROUNDS rounds (default 3), each: the export of about 1,000 lahan
 *    (luas_max at the 1,000th smallest area) and the export of all, each downloaded to its end; the server's
 *    resident memory (VmRSS of its process, /proc) is sampled every 10 ms meanwhile. Peers in the same run: the
 *    same process idle (its RSS before each download), the 1k export (memory: flat means the full export grows
 *    the process no more than a bounded amount above what the 1k one does), and `psql \copy` of the same
 *    columns of the same rows to /dev/null (throughput: the floor of reading them from PostgreSQL).
 * 4. EXPLAIN (ANALYZE, BUFFERS) of the export's cursor query (all its rows) unfiltered and with a status, search,
 *    province and area filter; also on each database of BENCH_EXPLAIN (comma-separated, e.g. a 3M one).
 * 5. Prints the figures and writes them to bench/RESULTS.md under "## bench:geojson".
 *
 *   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432)  BENCH_REUSE  BENCH_EXPLAIN  BENCH_ROUNDS
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DEMO_ADMIN } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/engine/client.js';
import { queryCondition } from '../src/server/db/lists/resource.js';
import { lahanList } from '../src/server/modules/lahan/list.js';
import { exportQuery } from '../src/server/modules/lahan/export.js';
import { databaseUrlFor } from '../test/server/support/database.js';
import { freePort } from '../test/support/free-port.js';
import { writeSection } from './results.js';
import { cleanUp, cleanups, runBench } from './cleanup.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REUSE = process.env.BENCH_REUSE;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const EXPLAIN_ALSO = (process.env.BENCH_EXPLAIN ?? '').split(',').filter(Boolean);
const EXPORT = '/api/v1/admin/lahan/export.geojson';

const psql = (database: string, command: string) =>
  execFileSync('psql', [databaseUrlFor(SERVER_URL, database), '-v', 'ON_ERROR_STOP=1', '-Atc', command], {
    encoding: 'utf8',
  }).trim();

/** The database to measure: BENCH_REUSE, or a fresh one loaded by seed:scale and dropped at the end. */
function prepareDatabase(): string {
  if (REUSE) return REUSE;
  const name = `bench_geojson_${randomBytes(4).toString('hex')}`;
  psql('postgres', `CREATE DATABASE ${name}`);
  cleanups.push(() => void psql('postgres', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const env = { ...process.env, DATABASE_URL: databaseUrlFor(SERVER_URL, name) };
  const seed = spawnSync('npx', ['tsx', 'src/server/seed-scale.ts'], { cwd: ROOT, env, stdio: 'inherit' });
  if (seed.status !== 0) throw new Error(`seed:scale exited with ${seed.status}`);
  return name;
}

/** A ~100 m square at each lahan's id-spread place in Java for the lahan without gps (an older seed:scale). */
function fillMissingGps(database: string) {
  const filled = psql(
    database,
    `WITH placed AS (
       SELECT id, 106 + (id % 9973) * 0.0007 AS lon, -7 - (id % 7919) * 0.0001 AS lat FROM lahan WHERE gps IS NULL
     ), drawn AS (
       UPDATE lahan l SET
         gps = jsonb_build_object('type', 'Polygon', 'coordinates', jsonb_build_array(jsonb_build_array(
           jsonb_build_array(p.lon, p.lat), jsonb_build_array(p.lon + 0.0009, p.lat),
           jsonb_build_array(p.lon + 0.0009, p.lat + 0.0009), jsonb_build_array(p.lon, p.lat + 0.0009),
           jsonb_build_array(p.lon, p.lat)))),
         luas_terukur = 0.0009 ^ 2 * 111320 * 110574 * cos(radians(p.lat)),
         centroid = point(p.lon + 0.00045, p.lat + 0.00045),
         bbox = box(point(p.lon, p.lat), point(p.lon + 0.0009, p.lat + 0.0009))
       FROM placed p WHERE l.id = p.id RETURNING 1
     ) SELECT count(*) FROM drawn`,
  );
  if (filled !== '0') console.log(`gave ${filled} lahan without gps a square`);
}

/** Resident memory of a process, in MB. */
const rssMb = (pid: number) =>
  Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function startServer(database: string, nodeOptions: string[]) {
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [...nodeOptions, '--import', 'tsx', 'src/server/main.ts'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: databaseUrlFor(SERVER_URL, database),
        JWT_SECRET: randomBytes(36).toString('base64url'),
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        SEED: 'none',
        WORKERS: '1',
        NODE_ENV: 'production',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  cleanups.push(stop);
  const base = `http://127.0.0.1:${port}`;
  const deadline = performance.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/health`)).status < 500) break;
    } catch {
      /* not listening yet */
    }
    if (performance.now() > deadline) throw new Error('the server did not answer within 180 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${base}/api/v1/auth/admin-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const token = ((await res.json()) as { data: { token: string } }).data.token;
  child.once('exit', (code, signal) =>
    console.error(`the server (pid ${child.pid}) exited: ${code ?? signal}`),
  );
  return { pid: child.pid!, base, headers: { authorization: `Bearer ${token}` }, stop };
}

interface Run {
  small: Download;
  all: Download;
  copyAll: number;
}

interface Download {
  bytes: number;
  seconds: number;
  /** The server's RSS just before the request, and its peak while answering it (MB). */
  before: number;
  peak: number;
}

/** Downloads `url` to its end (nothing kept) while sampling the server's RSS. */
async function download(server: Awaited<ReturnType<typeof startServer>>, query: string): Promise<Download> {
  const before = rssMb(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 10);
  const started = performance.now();
  const res = await fetch(`${server.base}${EXPORT}${query}`, { headers: server.headers });
  if (res.status !== 200) throw new Error(`${query}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  const reader = res.body!.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { bytes, seconds, before, peak: Math.max(peak, rssMb(server.pid)) };
}

/** `psql \copy` of the export's columns of the same rows, to /dev/null: seconds. */
function copyPeer(database: string, where: string): number {
  const started = performance.now();
  psql(
    database,
    `\\copy (SELECT l.id, l.nama_lahan, l.luas_lahan, l.luas_terukur, c.type_name, l.status, o.location_name,
       o.sub_district_name, o.district_name, o.province_name, l.gps FROM lahan l
       LEFT JOIN locations o ON o.id = l.location_id LEFT JOIN land_categories c ON c.id = l.category_id
       WHERE l.gps IS NOT NULL ${where} ORDER BY l.id) TO '/dev/null'`,
  );
  return (performance.now() - started) / 1000;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const fixed = (n: number, digits = 1) => n.toFixed(digits);

/** EXPLAIN ANALYZE of the export's cursor query (all its rows) for each filter shape: [shape, ms, plan's top]. */
async function explainShapes(database: string): Promise<string[][]> {
  const db = await openDatabase({ databaseUrl: databaseUrlFor(SERVER_URL, database) });
  const client = new pg.Client({ connectionString: databaseUrlFor(SERVER_URL, database) });
  await client.connect();
  try {
    const middle = psql(
      database,
      'SELECT id FROM lahan ORDER BY id OFFSET (SELECT count(*) / 2 FROM lahan) LIMIT 1',
    );
    const province = psql(
      database,
      `SELECT d.province_id FROM lahan l JOIN locations o ON o.id = l.location_id
       JOIN sub_districts s ON s.id = o.sub_district_id JOIN districts d ON d.id = s.district_id
       WHERE l.id = ${middle}`,
    );
    const shapes: [string, Record<string, unknown>][] = [
      ['all', {}],
      ['status=active', { status: 'active' }],
      ['q=budi', { q: 'budi' }],
      [`province_id=${province}`, { province_id: Number(province) }],
      ['luas_min=10000&luas_max=12000', { luas_min: 10000, luas_max: 12000 }],
    ];
    const dialect = (db.db as unknown as { dialect: PgDialect }).dialect;
    const rows: string[][] = [];
    // Planned as the export's DECLARE is: for its first rows (cursor_tuple_fraction), and without parallel
    // workers, which a cursor's query never gets.
    await client.query('SET cursor_tuple_fraction = 0.1');
    await client.query('SET max_parallel_workers_per_gather = 0');
    for (const [name, filters] of shapes) {
      const query = dialect.sqlToQuery(exportQuery(queryCondition(lahanList.declared, filters)));
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`,
        query.params,
      );
      const lines = plan.rows.map((r) => r['QUERY PLAN']);
      const ms = /Execution Time: ([\d.]+) ms/.exec(lines.join('\n'))![1]!;
      const returned = /actual time=[\d.]+\.\.[\d.]+ rows=(\d+)/.exec(lines[0]!)?.[1] ?? '?';
      const nodes = lines
        .map((l) => l.trim().replace(/^-> +/, ''))
        .filter((l) => /^(Index|Seq|Bitmap|Nested|Hash|Merge|Sort|Gather)/.test(l) && !/^\w+ \w+:/.test(l))
        .map((l) => l.replace(/\s+\(.*$/, ''))
        .slice(0, 4);
      rows.push([name, returned, ms, nodes.join(' → ')]);
    }
    return rows;
  } finally {
    await client.end();
    await db.close();
  }
}

async function main() {
  const loadBefore = loadavg()[0]!;
  const database = prepareDatabase();
  fillMissingGps(database);
  psql(database, 'VACUUM ANALYZE lahan');
  const total = Number(psql(database, 'SELECT count(*) FROM lahan WHERE gps IS NOT NULL'));
  const smallMax = Number(
    psql(database, 'SELECT luas_lahan FROM lahan ORDER BY luas_lahan OFFSET 999 LIMIT 1'),
  );
  const small = Number(
    psql(database, `SELECT count(*) FROM lahan WHERE gps IS NOT NULL AND luas_lahan <= ${smallMax}`),
  );
  const configs: { label: string; nodeOptions: string[] }[] = [
    { label: "Node's default heap", nodeOptions: [] },
    { label: 'old space capped at 96 MB', nodeOptions: ['--max-old-space-size=96'] },
  ];
  const measured: { label: string; idle: number; runs: Run[] }[] = [];
  for (const { label, nodeOptions } of configs) {
    const server = await startServer(database, nodeOptions);
    // Warm-up: the statements prepared, the code compiled, a first GC.
    await download(server, `?luas_max=${smallMax}`);
    await new Promise((r) => setTimeout(r, 2000));
    const idle = rssMb(server.pid);
    const runs: Run[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const smallRun = await download(server, `?luas_max=${smallMax}`);
      const allRun = await download(server, '');
      runs.push({
        small: smallRun,
        all: allRun,
        copyAll: copyPeer(database, ''),
      });
      console.log(
        `${label}, round ${round + 1}: all ${fixed(allRun.seconds)} s, RSS ${fixed(allRun.before)} → ` +
          `${fixed(allRun.peak)} MB; 1k ${fixed(smallRun.seconds, 2)} s, RSS ${fixed(smallRun.before)} → ` +
          `${fixed(smallRun.peak)} MB`,
      );
    }
    await server.stop();
    measured.push({ label, idle, runs });
  }
  const explained = [[database, await explainShapes(database)] as const];
  for (const other of EXPLAIN_ALSO) explained.push([other, await explainShapes(other)] as const);
  await cleanUp();

  const commit =
    spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout?.trim() ||
    (process.env.BENCH_COMMIT ?? 'unknown');
  const date = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const growth = (d: Download) => d.peak - d.before;
  const lines = [
    '## bench:geojson',
    '',
    `GET /admin/lahan/export.geojson on PostgreSQL, one server process (WORKERS=1), ${total.toLocaleString('en')} ` +
      `lahan with gps; ${ROUNDS} rounds, medians; the server's RSS sampled every 10 ms while the client reads ` +
      "the download to its end, with Node's default heap and with the old space capped at 96 MB (a process " +
      'that kept the export would fail there). Peers in the same run: the same process idle, the export of ' +
      `${small.toLocaleString('en')} lahan (luas_max=${smallMax}), and \`psql \\copy\` of the same columns of ` +
      'the same rows to /dev/null. Command: `BENCH_REUSE=<a seed:scale database> npm run bench:geojson`. ' +
      `${date} UTC, commit ${commit}, load average ${fixed(loadBefore, 2)} at the start, ` +
      `${fixed(loadavg()[0]!, 2)} at the end.`,
    '',
    '| heap | export | features | MB | seconds | features/s | RSS before → peak (MB) | growth (MB) |',
    '| --- | --- | --: | --: | --: | --: | --: | --: |',
    ...measured.flatMap(({ label, runs }) =>
      (
        [
          ['all', total, (r: Run) => r.all],
          [`luas_max=${smallMax}`, small, (r: Run) => r.small],
        ] as const
      ).map(([name, features, of]) => {
        const seconds = median(runs.map((r) => of(r).seconds));
        return (
          `| ${label} | ${name} | ${features.toLocaleString('en')} | ` +
          `${fixed(median(runs.map((r) => of(r).bytes)) / 1e6)} | ${fixed(seconds, 2)} | ` +
          `${Math.round(features / seconds).toLocaleString('en')} | ` +
          `${fixed(median(runs.map((r) => of(r).before)))} → ${fixed(median(runs.map((r) => of(r).peak)))} | ` +
          `${fixed(median(runs.map((r) => growth(of(r)))))} |`
        );
      }),
    ),
    '',
    ...measured.map(({ label, idle, runs }) => {
      const allSeconds = median(runs.map((r) => r.all.seconds));
      const copySeconds = median(runs.map((r) => r.copyAll));
      return (
        `${label}: idle RSS after the warm-up ${fixed(idle)} MB; peak growth per round, all vs 1k export: ` +
        `${runs.map((r) => `${fixed(growth(r.all))} vs ${fixed(growth(r.small))} MB`).join(', ')}; ` +
        `the export takes ${fixed(allSeconds / copySeconds, 2)}× the time of \`psql \\copy\` of the same rows ` +
        `(${fixed(allSeconds, 2)} s vs ${fixed(copySeconds, 2)} s).`
      );
    }),
    '',
    ...explained.flatMap(([name, rows]) => [
      `EXPLAIN (ANALYZE, BUFFERS) of the export's cursor query, all its rows, on \`${name}\`:`,
      '',
      '| shape | rows | execution ms | plan |',
      '| --- | --: | --: | --- |',
      ...rows.map(([shape, returned, ms, plan]) => `| ${shape} | ${returned} | ${ms} | ${plan} |`),
      '',
    ]),
  ];
  const text = lines.join('\n');
  console.log(text);
  await writeSection('## bench:geojson', text);
}

runBench(main);
