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
 * Each restart runs between two peers started on the same data directory (bench/processes.ts PEERS): a bare
 * Fastify, and a bare Fastify whose health check runs on PGlite opened there; restart is given as a ratio to
 * each. The restarts' own account of their start (STARTUP_TIMING) is shown per phase, wall and CPU time.
 *
 * It ends with whether the targets hold — steady RSS ≤ 300 MB after every start and after the requests,
 * restart ≤ 2 s, every list call ≤ 150 ms — and the load average (times stretch on a busy machine), exits
 * non-zero if not, and writes its figures to bench/RESULTS.md under "bench:embedded $BENCH_LABEL"
 * (default latest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { DEMO_ADMIN } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/engine/client.js';
import { listSingles, median, sampleValues, type Single } from './lists.js';
import { memory, peerArgs, PEERS, startProcess, type Running } from './processes.js';
import { writeSection } from './results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.resolve(ROOT, process.env.BENCH_SERVER ?? 'dist/server/main.js');
const REQUESTS = 2000;
const CONCURRENCY = 10;
const RESTARTS = 3;
const TARGET_RSS_MB = 300;
const TARGET_RESTART_MS = 2000;
const TARGET_LIST_MS = 150;
const GIVEN_DATA_DIR = process.env.BENCH_DATA_DIR;
const LABEL = process.env.BENCH_LABEL ?? 'latest';
const LISTS = [
  '/api/v1/admin/petani?limit=10&page=',
  '/api/v1/admin/mitra?limit=10&page=',
  '/api/v1/lahan?limit=10&page=',
  '/api/v1/contract?limit=10&page=',
  '/api/v1/admin/users?limit=10&page=',
  '/api/v1/admin/location?limit=10&page=',
];

/** The compiled server on `dataDir` (the embedded database), until healthy. */
function start(dataDir: string): Promise<Running> {
  return startProcess([SERVER], serverEnv(dataDir), ROOT);
}

function serverEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.WORKERS;
  return env;
}

/** A peer (bench/processes.ts PEERS) on `dataDir`: spawn to healthy in ms. */
async function peer(program: string, dataDir: string): Promise<number> {
  const running = await startProcess(...peerArgs(program, serverEnv(dataDir)), ROOT);
  await running.stop();
  return running.readyMs;
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

/** The phases of STARTUP_TIMING, each as the time since the previous one (wall, CPU), and listening → healthy. */
const PHASES = ['modules', 'open', 'migrate', 'app', 'seed', 'listen'] as const;
const PHASE_NAMES: Record<(typeof PHASES)[number], string> = {
  modules: 'Node start and module loading',
  open: 'opening the PGlite data directory',
  migrate: 'migrations check',
  app: 'building the app (routes, plugins)',
  seed: 'seed check',
  listen: 'listen',
};

function phaseRows(starts: Running[]): string[][] {
  const rows = PHASES.map((phase, i) => {
    const at = (r: Running, p: string | undefined, k: 0 | 1) => (p ? (r.phases[p]?.[k] ?? NaN) : 0);
    const delta = (r: Running, k: 0 | 1) => at(r, phase, k) - at(r, PHASES[i - 1], k);
    return [
      PHASE_NAMES[phase],
      `${Math.round(median(starts.map((r) => delta(r, 0))))} ms`,
      `${Math.round(median(starts.map((r) => delta(r, 1))))} ms`,
    ];
  });
  const healthy = median(starts.map((r) => r.readyMs - (r.phases.listen?.[0] ?? NaN)));
  return [...rows, ['listening → first health 200', `${Math.round(healthy)} ms`, '—']];
}

/** A markdown table (the first row is the header). */
function table(rows: string[][]): string {
  const [head, ...body] = rows;
  return [head!, head!.map(() => '---'), ...body].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

async function main() {
  if (!existsSync(SERVER)) {
    throw new Error(`${SERVER} does not exist: run npm run build first (or set BENCH_SERVER)`);
  }
  const loadBefore = load();
  const dataDir = GIVEN_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'tanimitra-embedded-'));
  const latencies = GIVEN_DATA_DIR ? await listLatencies(dataDir) : undefined;
  let singles: Single[] = [];
  const rows: [string, string][] = [];
  /** Steady RSS figures (MB) and the restart median (ms), checked against the targets at the end. */
  const steady: number[] = [];
  let restartMs = Infinity;
  const restarts: { server: Running; rss: number; rssAfter: number }[] = [];
  const peers = { fastify: [] as number[], fastifyPglite: [] as number[] };
  try {
    const first = await start(dataDir);
    await settle();
    const afterFirst = memory(first.child.pid!);
    rows.push([
      GIVEN_DATA_DIR ? 'first start to healthy' : 'first start (migrate + seed) to healthy',
      seconds(first.readyMs),
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

    // Each restart between its peers, so that all see the same load.
    for (let i = 0; i < RESTARTS; i++) {
      peers.fastify.push(await peer(PEERS.fastify, dataDir));
      const server = await start(dataDir);
      await settle();
      const rss = memory(server.child.pid!).rss;
      await listRequests(server.baseUrl, await adminToken(server.baseUrl));
      await settle();
      restarts.push({ server, rss, rssAfter: memory(server.child.pid!).rss });
      await server.stop();
      peers.fastifyPglite.push(await peer(PEERS.fastifyPglite, dataDir));
    }
  } finally {
    if (!GIVEN_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  }
  const list = (f: (r: (typeof restarts)[number]) => string) => restarts.map(f).join(', ');
  restartMs = median(restarts.map((r) => r.server.readyMs));
  steady.push(...restarts.flatMap((r) => [r.rss, r.rssAfter]));
  rows.push([
    `restart to healthy (median of ${RESTARTS})`,
    `${seconds(restartMs)}  (${list((r) => seconds(r.server.readyMs))})`,
  ]);
  for (const [name, label] of [
    ['fastify', 'peer: bare Fastify to healthy'],
    ['fastifyPglite', 'peer: Fastify + PGlite open of the same dir'],
  ] as const) {
    const ms = median(peers[name]);
    rows.push([label, `${seconds(ms)}  (restart ÷ peer ${(restartMs / ms).toFixed(2)}×)`]);
  }
  rows.push([
    'RSS after a restart',
    `${mb(median(restarts.map((r) => r.rss)))}  (${list((r) => mb(r.rss))})`,
  ]);
  rows.push([
    `RSS after a restart and ${REQUESTS} list requests`,
    `${mb(median(restarts.map((r) => r.rssAfter)))}  (${list((r) => mb(r.rssAfter))})`,
  ]);
  for (const s of singles) {
    console.log(
      `  ${`${s.list} ${s.query}`.padEnd(60)} ${s.ms.toFixed(1).padStart(7)} ms ${s.status === 200 ? '' : s.status}`,
    );
  }
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`Embedded server (${path.relative(ROOT, SERVER) || SERVER}, node ${process.version})`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
  const phases = [['restart phase (median)', 'wall', 'CPU'], ...phaseRows(restarts.map((r) => r.server))];
  console.log(table(phases));
  const rssMet = Math.max(...steady) <= TARGET_RSS_MB;
  const restartMet = restartMs <= TARGET_RESTART_MS;
  const slow = singles.filter((s) => !(s.ms <= TARGET_LIST_MS) || s.status !== 200);
  const listsLine =
    singles.length > 0
      ? `List calls: ${singles.length - slow.length} of ${singles.length} answered 200 within ${TARGET_LIST_MS} ms ` +
        `(median of 3; slowest ${[...singles]
          .sort((a, b) => b.ms - a.ms)
          .slice(0, 3)
          .map((s) => `${s.list} ${s.query} ${s.ms.toFixed(1)} ms`)
          .join(', ')})`
      : '';
  if (listsLine) console.log(listsLine);
  const targets =
    `Targets: steady RSS ≤ ${TARGET_RSS_MB} MB ${rssMet ? 'met' : 'MISSED'} (highest ${mb(Math.max(...steady))}), ` +
    `restart ≤ ${TARGET_RESTART_MS / 1000} s ${restartMet ? 'met' : 'MISSED'}; load average ${loadBefore} at the start, ${load()} at the end`;
  console.log(targets);
  await writeSection(
    `## bench:embedded ${LABEL} (`,
    [
      `## bench:embedded ${LABEL} (commit ${commit()})`,
      '',
      `${GIVEN_DATA_DIR ? 'On a given data directory (BENCH_DATA_DIR, e.g. the scale set)' : 'On a fresh DATA_DIR with the demo data'}; ` +
        `server ${path.relative(ROOT, SERVER) || SERVER}; ${cpus().length} cores, node ${process.version}.`,
      '',
      table([['figure', 'value'], ...rows.map(([k, v]) => [k, v.replace(/ {2}/g, ' ')])]),
      '',
      table(phases),
      '',
      ...(listsLine ? [listsLine + '.', ''] : []),
      targets + '.',
      '',
    ].join('\n'),
  );
  if (!rssMet || !restartMet || slow.length > 0) process.exitCode = 1;
}

const commit = () => execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
