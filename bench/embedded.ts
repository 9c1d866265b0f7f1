/**
 * The embedded default's footprint: the compiled server (as `npm start` runs it) on a fresh PGlite DATA_DIR
 * with the demo data. Reports the peak RSS of the first start (the server alone, and the server with the
 * child it forks to create and seed the database, sampled every 50 ms), the RSS once healthy, the RSS after
 * 2,000 admin list requests over HTTP, and restart-to-healthy (spawn to GET /api/v1/health 200) on the same
 * data, median of 3 restarts with the RSS of each.
 *
 *   npm run bench:embedded                      # needs the built server (dist/server/main.js)
 *   BENCH_SERVER=/path/to/server/main.js npm run bench:embedded
 *   DATA_DIR=/tmp/scale npm run seed:scale && BENCH_DATA_DIR=/tmp/scale npm run bench:embedded
 *
 * With BENCH_DATA_DIR it runs on that data directory (kept) instead of a fresh one, e.g. the scale data set.
 * Every admin list with each documented filter, sort, search and its last page is then also timed one request
 * at a time (median of 3, bench/lists.ts; target ≤ 150 ms each).
 *
 * It ends with whether the targets hold — steady RSS ≤ 300 MB after every start and after the requests,
 * restart ≤ 2 s — and the load average (times stretch on a busy machine), and exits non-zero if not.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { freePort } from '../test/support/free-port.js';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_ADMIN } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/client.js';
import { listSingles, median, sampleValues, type Single } from './lists.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.resolve(ROOT, process.env.BENCH_SERVER ?? 'dist/server/main.js');
const REQUESTS = 2000;
const CONCURRENCY = 10;
const RESTARTS = 3;
const TARGET_RSS_MB = 300;
const TARGET_RESTART_MS = 2000;
const TARGET_LIST_MS = 150;
const GIVEN_DATA_DIR = process.env.BENCH_DATA_DIR;
const LISTS = [
  '/api/v1/admin/petani?limit=10&page=',
  '/api/v1/admin/mitra?limit=10&page=',
  '/api/v1/lahan?limit=10&page=',
  '/api/v1/contract?limit=10&page=',
  '/api/v1/admin/users?limit=10&page=',
  '/api/v1/admin/location?limit=10&page=',
];

/** VmRSS (now) and VmHWM (the peak so far) of a process, in MB. */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** The pids of a process and all its descendants (the server forks a child to prepare a new database). */
function tree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    /* gone */
  }
  return [pid, ...children.flatMap(tree)];
}

/** Samples the RSS of a process tree every 50 ms; `peak()` is the largest sum seen (MB). */
function sampleTree(pid: number) {
  let peak = 0;
  const timer = setInterval(() => {
    let sum = 0;
    for (const p of tree(pid)) {
      try {
        sum += memory(p).rss || 0; // a process that has exited but not been reaped has no VmRSS
      } catch {
        /* gone meanwhile */
      }
    }
    peak = Math.max(peak, sum);
  }, 50);
  return {
    peak: () => peak,
    stop: () => clearInterval(timer),
  };
}

interface Running {
  child: ChildProcess;
  baseUrl: string;
  /** Spawn to the first health 200, in ms. */
  readyMs: number;
  /** The largest RSS of the server and its children, sampled until healthy (MB). */
  treePeak: number;
  stop(): Promise<void>;
}

async function start(dataDir: string): Promise<Running> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.WORKERS;
  env.LOG_LEVEL = 'warn';
  const started = performance.now();
  const child = spawn(process.execPath, [SERVER], { env, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const sampler = sampleTree(child.pid!);
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${errors}`);
    try {
      if ((await fetch(`${baseUrl}/api/v1/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const readyMs = performance.now() - started;
  sampler.stop();
  return {
    child,
    baseUrl,
    readyMs,
    treePeak: Math.max(sampler.peak(), memory(child.pid!).peak),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function adminToken(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/v1/auth/admin-signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (!body.data?.token) throw new Error(`admin sign-in answered ${res.status}`);
  return body.data.token;
}

/** 2,000 GETs over the admin lists (pages 1–5), 10 at a time; answers the slowest in ms. */
async function listRequests(baseUrl: string, token: string): Promise<number> {
  let next = 0;
  let slowest = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < REQUESTS) {
        const i = next++;
        const url = `${baseUrl}${LISTS[i % LISTS.length]}${1 + (Math.floor(i / LISTS.length) % 5)}`;
        const t = performance.now();
        const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        slowest = Math.max(slowest, performance.now() - t);
      }
    }),
  );
  return slowest;
}

const settle = () => new Promise((r) => setTimeout(r, 1000));
const mb = (n: number) => `${Math.round(n)} MB`;

/** Every admin list case, one request at a time, with id filters drawn from the data (read before the server opens it). */
async function listLatencies(
  dataDir: string,
): Promise<(baseUrl: string, token: string) => Promise<Single[]>> {
  const database = await openDatabase({ dataDir });
  const samples = await sampleValues(async (text) => (await database.db.execute(text)) as never);
  await database.close();
  return (baseUrl, token) => listSingles(baseUrl, { authorization: `Bearer ${token}` }, samples);
}

async function main() {
  if (!existsSync(SERVER)) {
    throw new Error(`${SERVER} does not exist: run npm run build first (or set BENCH_SERVER)`);
  }
  const dataDir = GIVEN_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tanimitra-embedded-'));
  const latencies = GIVEN_DATA_DIR ? await listLatencies(dataDir) : undefined;
  let singles: Single[] = [];
  const rows: [string, string][] = [];
  /** Steady RSS figures (MB) and the restart median (ms), checked against the targets at the end. */
  const steady: number[] = [];
  let restartMs = Infinity;
  try {
    const first = await start(dataDir);
    await settle();
    const afterFirst = memory(first.child.pid!);
    rows.push([
      GIVEN_DATA_DIR ? 'first start to healthy' : 'first start (migrate + seed) to healthy',
      `${(first.readyMs / 1000).toFixed(2)} s`,
    ]);
    rows.push(['peak RSS during the first start (server)', mb(afterFirst.peak)]);
    rows.push(['peak RSS during the first start (with set-up child)', mb(first.treePeak)]);
    rows.push(['RSS after the first start', mb(afterFirst.rss)]);
    const token = await adminToken(first.baseUrl);
    singles = (await latencies?.(first.baseUrl, token)) ?? [];
    const slowest = await listRequests(first.baseUrl, token);
    await settle();
    const afterRequests = memory(first.child.pid!).rss;
    steady.push(afterFirst.rss, afterRequests);
    rows.push([`RSS after ${REQUESTS} list requests`, mb(afterRequests)]);
    rows.push(['slowest list request', `${Math.round(slowest)} ms`]);
    await first.stop();

    const restarts: { ms: number; rss: number; rssAfter: number }[] = [];
    for (let i = 0; i < RESTARTS; i++) {
      const server = await start(dataDir);
      await settle();
      const rss = memory(server.child.pid!).rss;
      await listRequests(server.baseUrl, await adminToken(server.baseUrl));
      await settle();
      restarts.push({ ms: server.readyMs, rss, rssAfter: memory(server.child.pid!).rss });
      await server.stop();
    }
    const list = (f: (r: (typeof restarts)[number]) => string) => restarts.map(f).join(', ');
    restartMs = median(restarts.map((r) => r.ms));
    steady.push(...restarts.flatMap((r) => [r.rss, r.rssAfter]));
    rows.push([
      `restart to healthy (median of ${RESTARTS})`,
      `${(median(restarts.map((r) => r.ms)) / 1000).toFixed(2)} s  (${list((r) => (r.ms / 1000).toFixed(2))})`,
    ]);
    rows.push([
      'RSS after a restart',
      `${mb(median(restarts.map((r) => r.rss)))}  (${list((r) => mb(r.rss))})`,
    ]);
    rows.push([
      `RSS after a restart and ${REQUESTS} list requests`,
      `${mb(median(restarts.map((r) => r.rssAfter)))}  (${list((r) => mb(r.rssAfter))})`,
    ]);
  } finally {
    if (!GIVEN_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  for (const s of singles) {
    console.log(
      `  ${`${s.list} ${s.query}`.padEnd(60)} ${s.ms.toFixed(1).padStart(7)} ms ${s.status === 200 ? '' : s.status}`,
    );
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`Embedded server (${path.relative(ROOT, SERVER) || SERVER}, node ${process.version})`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  const rssMet = Math.max(...steady) <= TARGET_RSS_MB;
  const restartMet = restartMs <= TARGET_RESTART_MS;
  const slow = singles.filter((s) => !(s.ms <= TARGET_LIST_MS) || s.status !== 200);
  const listsMet = slow.length === 0;
  if (singles.length > 0) {
    console.log(
      `List calls: ${singles.length - slow.length} of ${singles.length} answered 200 within ${TARGET_LIST_MS} ms ` +
        `(median of 3; slowest ${Math.max(...singles.map((s) => s.ms)).toFixed(1)} ms)`,
    );
  }
  console.log(
    `Targets: steady RSS ≤ ${TARGET_RSS_MB} MB ${rssMet ? 'met' : 'MISSED'} (highest ${mb(Math.max(...steady))}), ` +
      `restart ≤ ${TARGET_RESTART_MS / 1000} s ${restartMet ? 'met' : 'MISSED'}; load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (!rssMet || !restartMet || !listsMet) process.exitCode = 1;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
