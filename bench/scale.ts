/**
 * `npm run bench:scale`: TaniMitra at the size it is built for, against a PostgREST-shaped peer on the same data.
 *
 * 1. creates a fresh PostgreSQL database (on BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432),
 *    loads it with `seed:scale` (SCALE_USERS, SCALE_LAHAN … as there),
 * 2. compiles the server (tsc -p tsconfig.server.json; of the working tree, or of commit BENCH_REF) into a
 *    temporary directory and starts it as its own process with DATABASE_URL and JWT_SECRET, once with
 *    WORKERS=1 and once with WORKERS=2,
 * 3. measures throughput with autocannon (50 connections, BENCH_DURATION s after BENCH_WARMUP s of warm-up) of
 *    the calls below, and the peer (bench/peer.ts: PostgREST's SQL for the same page) for the calls it has:
 *    all servers run side by side, and each call is measured BENCH_ROUNDS times (default 3) on each in turn
 *    (the peer first in one round, last in the next), so that a ratio compares measurements a few seconds
 *    apart rather than minutes apart on a machine whose speed drifts; figures are the median of the rounds,
 *    a ratio the median of the rounds' ratios (with their range),
 * 4. measures one request at a time (median of 3) of every admin list with each documented filter, sort,
 *    search and its last page, read from the server's OpenAPI document (the routes' query schemas),
 * 5. prints the tables and writes them to bench/RESULTS.md under "## $BENCH_LABEL (commit …)".
 *
 * The database, the temporary build and every process it starts are removed when it ends, fails or is
 * interrupted.
 *
 * To iterate without re-seeding (seed:scale takes minutes on a busy machine): `BENCH_KEEP=1` keeps the database
 * it created and prints its name; `BENCH_REUSE=<database>` skips steps 1's CREATE and seed and measures that
 * database as it is (one loaded by an earlier run with BENCH_KEEP, or by `npm run seed:scale`), and leaves it.
 * The server still migrates it at start, as on any deployment.
 *
 * To measure a subset: `BENCH_ONLY=<regex>` runs only the throughput calls whose name matches (e.g.
 * `BENCH_ONLY='lahan by id|petani page 1$'`), `BENCH_WORKERS=1` (or `2`) runs only that server,
 * `BENCH_SINGLES=0` skips the one-request-at-a-time timings.
 *
 * `BENCH_SMALL_PEER=<database>` runs a second peer on that database (e.g. the 100k / 300k set) in the same rounds
 * and gives each figure as a ratio to it too: the issue's target for the 10× set compares it with the peer on
 * one tenth of the data.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { freePort } from '../test/support/free-port.js';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon, { type Result } from 'autocannon';
import pg from 'pg';
import { DEMO_ADMIN } from '../src/server/config.js';
import { listSingles, sampleValues, single } from './lists.js';
import { writeSection } from './results.js';
import { cleanups, runBench } from './cleanup.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = 50;
const LABEL = process.env.BENCH_LABEL ?? 'latest';
const REUSE = process.env.BENCH_REUSE;
const KEEP = process.env.BENCH_KEEP === '1';
/** BENCH_REF as a commit hash, resolved once: HEAD may move while the bench runs. */
const SEED_FILES = ['src/server/seed-scale.ts', 'src/server/db/seed/scale.ts', 'src/server/db/seed/scale'];
const REF = process.env.BENCH_REF
  ? execFileSync('git', ['rev-parse', '--short', process.env.BENCH_REF], { cwd: ROOT }).toString().trim()
  : undefined;
const TARGET_MS = 50;
const API = '/api/v1';
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2').split(',').map((w) => w.trim());
const SINGLES = process.env.BENCH_SINGLES !== '0';
const SMALL_PEER = process.env.BENCH_SMALL_PEER;

/** Throughput calls; `peer` is the same page on the PostgREST-shaped peer. `{id}`: a random lahan per request. */
const CALLS: { name: string; path: string; peer?: string }[] = [
  { name: 'petani page 1', path: '/admin/petani?page=1&limit=10', peer: '/petani?page=1&limit=10' },
  { name: 'petani page 500', path: '/admin/petani?page=500&limit=10', peer: '/petani?page=500&limit=10' },
  { name: 'petani q=budi', path: '/admin/petani?q=budi&limit=10', peer: '/petani?q=budi&limit=10' },
  { name: 'lahan by id', path: '/lahan/{id}', peer: '/lahan/{id}' },
  { name: 'lahan q=budi', path: '/lahan?q=budi&limit=10' },
  { name: 'lahan by luas_lahan', path: '/lahan?sort=luas_lahan&order=desc&limit=10' },
  { name: 'lahan page 3000', path: '/lahan?page=3000&limit=10' },
  { name: 'admin stats', path: '/admin/stats' },
].filter((call) => !ONLY || ONLY.test(call.name));

// ---------------------------------------------------------------- processes and clean-up

/** Starts `args` in a process group of its own, stopped (the whole group) at clean-up. */
function startProcess(
  args: string[],
  env: NodeJS.ProcessEnv,
  cwd = ROOT,
): ChildProcess & { output(): string } {
  const child = spawn(process.execPath, args, {
    cwd,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  cleanups.push(() => stopProcess(child));
  return Object.assign(child, { output: () => output });
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* already gone */
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/** Runs a script to its end, passing its output through; throws on a non-zero exit. */
async function runScript(args: string[], env: NodeJS.ProcessEnv, cwd: string, echo = true): Promise<string> {
  const child = startProcess(args, env, cwd);
  if (echo) {
    child.stdout!.pipe(process.stdout);
    child.stderr!.pipe(process.stderr);
  }
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited with ${code}`);
  return child.output();
}

async function waitFor(url: string, child: ChildProcess & { output(): string }) {
  const deadline = performance.now() + 120_000;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited:\n${child.output()}`);
    try {
      if ((await fetch(url)).status < 500) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer within 120 s:\n${child.output()}`);
}

/** Resident memory of a process and all its descendants (cluster workers), in MB, and how many processes. */
function treeMemory(pid: number): { mb: number; processes: number } {
  const parents = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      /* exited meanwhile */
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  let kb = 0;
  for (const p of tree) {
    try {
      kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      /* exited meanwhile */
    }
  }
  return { mb: kb / 1024, processes: tree.length };
}

// ---------------------------------------------------------------- measuring

interface Throughput {
  rps: number;
  p50: number;
  p99: number;
  failed: number;
}

const cannon = (
  base: string,
  pathTemplate: string,
  headers: Record<string, string>,
  seconds: number,
  maxId: number,
) =>
  new Promise<Result>((resolve, reject) =>
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        headers,
        requests: [
          {
            method: 'GET',
            setupRequest: (request) => ({
              ...request,
              path: pathTemplate.replace('{id}', String(1 + Math.floor(Math.random() * maxId))),
            }),
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve(result)),
    ),
  );

const busiest = { load: 0 };
/**
 * Waits (at most 120 s) until the bench database runs no query: requests autocannon abandoned when its time
 * was up still hold the server's pool, and would otherwise be counted against the next call.
 */
let settle = async () => {};
function settleOn(data: pg.Client) {
  settle = async () => {
    const deadline = performance.now() + 120_000;
    while (performance.now() < deadline) {
      busiest.load = Math.max(busiest.load, os.loadavg()[0]!);
      const { rows } = await data.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
         WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()`,
      );
      if (rows[0]!.n === 0) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  };
}

async function throughput(
  base: string,
  pathTemplate: string,
  headers: Record<string, string>,
  maxId: number,
) {
  await settle();
  await cannon(base, pathTemplate, headers, WARMUP, maxId);
  await settle();
  const r = await cannon(base, pathTemplate, headers, DURATION, maxId);
  await settle();
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    failed: r.non2xx + r.errors + r.timeouts,
  } satisfies Throughput;
}

// ---------------------------------------------------------------- the run

interface ServerRun {
  workers: string;
  processes: number;
  /** Each call's measurement in every round. */
  calls: Record<string, Throughput[]>;
  rssMb: number;
}

async function startServer(main: string, databaseUrl: string, workers: string) {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    JWT_SECRET: randomBytes(36).toString('base64url'),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    SEED: 'none',
    WORKERS: workers,
    NODE_ENV: 'production',
  };
  const child = startProcess([main], env);
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${API}/health`, child);
  // An access token lasts 15 minutes, less than a run at ten times the data: each call signs in anew, and the
  // token goes into these headers in place (every request reads them).
  const headers: Record<string, string> = {};
  const signIn = async () => {
    const res = await fetch(`${base}${API}/auth/admin-signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    });
    const answer = (await res.json()) as { data?: { token: string } };
    if (!answer.data?.token) throw new Error(`admin sign-in failed: ${res.status} ${JSON.stringify(answer)}`);
    headers.authorization = `Bearer ${answer.data.token}`;
  };
  await signIn();
  return { child, base, headers, signIn };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** The rounds of one call as one figure: the median of each measure. */
const medianOf = (rounds: Throughput[]): Throughput => ({
  rps: median(rounds.map((r) => r.rps)),
  p50: median(rounds.map((r) => r.p50)),
  p99: median(rounds.map((r) => r.p99)),
  failed: rounds.reduce((sum, r) => sum + r.failed, 0),
});

/**
 * The code under test: the working tree, or with BENCH_REF (e.g. BENCH_REF=HEAD, or an older commit) that
 * commit's `src` alone, unpacked with `git archive` so that uncommitted edits stay out. Returns where its
 * `src` is and its server compiled as `npm run build` would, into a temporary directory laid out like the
 * package (dist/server/paths.js finds the migrations at ../../src/server/db/migrations).
 */
async function prepareCode(): Promise<{ root: string; main: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tanimitra-bench-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  if (REF) {
    execFileSync(
      'sh',
      ['-c', `git archive "$0" src tsconfig.base.json tsconfig.server.json | tar -x -C "$1"`, REF, dir],
      { cwd: ROOT },
    );
    // The working tree's scale seed, so that an older commit gets the same data set (in its own schema).
    for (const file of SEED_FILES) cpSync(path.join(ROOT, file), path.join(dir, file), { recursive: true });
  } else {
    symlinkSync(path.join(ROOT, 'src'), path.join(dir, 'src'));
    for (const f of ['tsconfig.base.json', 'tsconfig.server.json']) {
      symlinkSync(path.join(ROOT, f), path.join(dir, f));
    }
  }
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  if (process.env.BENCH_SERVER) return { root: dir, main: path.resolve(process.env.BENCH_SERVER) };
  try {
    // Run as a child of its own (not execFileSync), so that an interrupt still reaches the clean-up.
    await runScript(
      [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.server.json'],
      process.env,
      dir,
      false,
    );
  } catch {
    // Type errors do not stop tsc from emitting; only a missing output does.
    console.warn('tsc reported type errors; the emitted server is used anyway');
  }
  const main = path.join(dir, 'dist/server/main.js');
  if (!existsSync(main)) throw new Error('tsc emitted no dist/server/main.js');
  return { root: dir, main };
}

/** The peer on another (smaller) database, beside the one on the measured data: its base URL, rows and largest lahan id. */
async function startSmallPeer(databaseUrl: string, database: string) {
  const url = new URL(databaseUrl);
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  const { rows } = await client.query<{ users: string; lahan: string; max: string }>(
    `SELECT (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM lahan) AS lahan, (SELECT max(id) FROM lahan) AS max`,
  );
  await client.end();
  const port = await freePort();
  const child = startProcess(['--import', 'tsx', 'bench/peer.ts'], {
    ...process.env,
    DATABASE_URL: url.toString(),
    PORT: String(port),
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/lahan/1`, child);
  const { users, lahan, max } = rows[0]!;
  const n = (v: string) => Number(v).toLocaleString('en');
  return { child, base, maxId: Number(max), rows: `${n(users)} users, ${n(lahan)} lahan` };
}

async function machine(client: pg.Client) {
  const { rows } = await client.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
  const cpus = os.cpus();
  return {
    cpus: `${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}`,
    memory: `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    postgres: `PostgreSQL ${rows[0]!.v}`,
    node: `Node ${process.version}`,
  };
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ');

function commit() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT }).toString().trim();
  if (REF) return REF;
  const dirty = git('status', '--porcelain', '--untracked-files=no', 'src').length > 0;
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ', with uncommitted changes under src/' : ''}`;
}

const fmt = (n: number | undefined, digits = 0) => (n === undefined ? '–' : n.toFixed(digits));
/** Per-round ratios as their median, and their range when there is more than one. */
const ratios = (values: number[]) =>
  `${median(values).toFixed(2)}×` +
  (values.length > 1 ? ` (${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)})` : '');

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadAverage();
  const adminUrl = new URL(ADMIN_URL);
  if (adminUrl.pathname === '/' || adminUrl.pathname === '') adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  cleanups.push(() => admin.end());
  const name = REUSE ?? `tanimitra_scale_${process.pid}_${randomBytes(3).toString('hex')}`;
  if (!REUSE) {
    await admin.query(`CREATE DATABASE ${name}`);
    cleanups.push(async () => {
      if (KEEP) console.log(`kept the database ${name} (BENCH_REUSE=${name} measures it again)`);
      else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }
  const dbUrl = new URL(adminUrl.toString());
  dbUrl.pathname = `/${name}`;
  const databaseUrl = dbUrl.toString();
  const host = await machine(admin);
  console.log(`bench:scale into ${name}: ${Object.values(host).join(', ')}; load average ${loadAtStart}`);

  const buildStarted = performance.now();
  const code = await prepareCode();
  console.log(`server compiled in ${((performance.now() - buildStarted) / 1000).toFixed(1)} s`);
  const seedStarted = performance.now();
  const seedOutput = REUSE
    ? ''
    : await runScript(
        ['--import', 'tsx', 'src/server/seed-scale.ts'],
        { ...process.env, DATABASE_URL: databaseUrl },
        code.root,
      );
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const data = new pg.Client({ connectionString: databaseUrl });
  await data.connect();
  cleanups.push(() => data.end());
  settleOn(data);
  const count = async (table: string) =>
    Number((await data.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
  const rows: Record<string, number> = {};
  for (const t of [
    'users',
    'petani_profiles',
    'mitra_profiles',
    'lahan',
    'contracts',
    'locations',
    'documents',
  ]) {
    rows[t] = await count(t);
  }
  const maxId = Number((await data.query<{ n: string }>('SELECT max(id) AS n FROM lahan')).rows[0]!.n);
  const samples = await sampleValues((query) => data.query<Record<string, unknown>>(query));

  // The peer, on its own process and pool, and each server: all started before any is measured.
  const peerPort = await freePort();
  const peer = startProcess(['--import', 'tsx', 'bench/peer.ts'], {
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(peerPort),
  });
  const peerBase = `http://127.0.0.1:${peerPort}`;
  await waitFor(`${peerBase}/lahan/1`, peer);
  const small = SMALL_PEER ? await startSmallPeer(databaseUrl, SMALL_PEER) : undefined;
  const servers = [];
  for (const workers of WORKER_COUNTS) {
    const server = await startServer(code.main, databaseUrl, workers);
    servers.push({ server, workers, calls: {} as ServerRun['calls'] });
  }

  // Each call, round by round on every server in turn: the peer first in odd rounds, last in even ones.
  const peerCalls: Record<string, Throughput[]> = {};
  const smallCalls: Record<string, Throughput[]> = {};
  for (const call of CALLS) {
    for (const { server } of servers) await server.signIn();
    for (let round = 1; round <= ROUNDS; round++) {
      const measurePeer = async () => {
        if (!call.peer) return;
        const t = await throughput(peerBase, call.peer, {}, maxId);
        (peerCalls[call.name] ??= []).push(t);
        console.log(`  round ${round} peer ${call.name}: ${Math.round(t.rps)} req/s`);
        if (!small) return;
        const s = await throughput(small.base, call.peer, {}, small.maxId);
        (smallCalls[call.name] ??= []).push(s);
        console.log(`  round ${round} small peer ${call.name}: ${Math.round(s.rps)} req/s`);
      };
      if (round % 2 === 1) await measurePeer();
      for (const { server, workers, calls } of servers) {
        const t = await throughput(server.base, API + call.path, server.headers, maxId);
        (calls[call.name] ??= []).push(t);
        console.log(`  round ${round} WORKERS=${workers} ${call.name}: ${Math.round(t.rps)} req/s`);
      }
      if (round % 2 === 0) await measurePeer();
    }
  }

  // One request at a time over every list, on the one-process server.
  const singles: Awaited<ReturnType<typeof listSingles>> = [];
  const single1 = servers.find((s) => s.workers === '1');
  if (single1 && SINGLES) {
    await settle();
    await single1.server.signIn();
    singles.push(...(await listSingles(single1.server.base, single1.server.headers, samples)));
    const stats = await single(`${single1.server.base}${API}/admin/stats`, single1.server.headers);
    singles.push({ list: 'stats', query: '/admin/stats', ms: stats.ms, status: stats.status });
  }
  const runs: ServerRun[] = [];
  for (const { server, workers, calls } of servers) {
    const memory = treeMemory(server.child.pid!);
    runs.push({ workers, calls, processes: memory.processes, rssMb: memory.mb });
    await stopProcess(server.child);
  }
  await stopProcess(peer);
  if (small) await stopProcess(small.child);
  const loadAtEnd = loadAverage();

  // ------------------------------------------------------------ report
  const throughputRows = CALLS.map((call) => {
    const peerRounds = peerCalls[call.name];
    const p = peerRounds && medianOf(peerRounds);
    const row: Record<string, string> = { call: `GET ${API}${call.path}` };
    for (const run of runs) {
      const rounds = run.calls[call.name]!;
      const t = medianOf(rounds);
      const w = `W=${run.workers}`;
      row[`${w} req/s`] = fmt(t.rps);
      row[`${w} p50 ms`] = fmt(t.p50);
      row[`${w} p99 ms`] = fmt(t.p99);
      row[`${w} ÷ peer`] = peerRounds ? ratios(rounds.map((r, i) => r.rps / peerRounds[i]!.rps)) : '–';
      const smallRounds = smallCalls[call.name];
      if (small)
        row[`${w} ÷ small peer`] = smallRounds
          ? ratios(rounds.map((r, i) => r.rps / smallRounds[i]!.rps))
          : '–';
      if (t.failed > 0) row[`${w} req/s`] += ` (${t.failed} failed)`;
    }
    row['peer req/s'] = p ? fmt(p.rps) : '–';
    row['peer p50 / p99 ms'] = p ? `${fmt(p.p50)} / ${fmt(p.p99)}` : '–';
    if (small)
      row['small peer req/s'] = smallCalls[call.name] ? fmt(medianOf(smallCalls[call.name]!).rps) : '–';
    return row;
  });
  const singleRows = singles.map((s) => ({
    list: s.list,
    query: s.query,
    'median ms': Number.isNaN(s.ms) ? '–' : fmt(s.ms, 1),
    [`≤ ${TARGET_MS} ms`]:
      s.status !== 200 ? (s.status ? `error ${s.status}` : '–') : s.ms <= TARGET_MS ? 'pass' : 'FAIL',
  }));
  const passed = singles.filter((s) => s.status === 200 && s.ms <= TARGET_MS).length;
  const measured = singles.filter((s) => s.status !== 0).length;

  console.log(
    `\nThroughput (${CONNECTIONS} connections, ${DURATION} s after ${WARMUP} s warm-up, median of ${ROUNDS} rounds):`,
  );
  console.table(throughputRows);
  if (SINGLES) {
    console.log(
      `\nOne request at a time (median of 3), target ≤ ${TARGET_MS} ms: ${passed} of ${measured} pass`,
    );
    console.table(singleRows);
  }
  for (const run of runs) {
    console.log(
      `RSS after the run, WORKERS=${run.workers} (${run.processes} processes): ${fmt(run.rssMb)} MB`,
    );
  }

  const table = (rowsOf: Record<string, string>[]) => {
    if (rowsOf.length === 0) return '(none measured)';
    const keys = Object.keys(rowsOf[0]!);
    return [
      `| ${keys.join(' | ')} |`,
      `| ${keys.map(() => '---').join(' | ')} |`,
      ...rowsOf.map((r) => `| ${keys.map((k) => (r[k] ?? '').replaceAll('|', '\\|')).join(' | ')} |`),
    ].join('\n');
  };
  const seedLine = /Scale data set loaded in [\d.]+ s/.exec(seedOutput)?.[0] ?? '';
  const section = [
    `## ${LABEL} (commit ${commit()})`,
    '',
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC. Machine: ${host.cpus}, ${host.memory}, ` +
      `${host.postgres}, ${host.node}. Load average (1 / 5 / 15 min) ${loadAtStart} at the start, ` +
      `${loadAtEnd} at the end, ${busiest.load.toFixed(2)} at the busiest (1 min).`,
    '',
    `Data: ${Object.entries(rows)
      .map(([t, n]) => `${n.toLocaleString('en')} ${t}`)
      .join(', ')}. ${
      REUSE
        ? `An already loaded database (BENCH_REUSE=${REUSE}), not seeded by this run.`
        : `seed:scale took ${seedSeconds.toFixed(1)} s in all (${seedLine || 'see its output'}).`
    }`,
    '',
    `Throughput: autocannon, ${CONNECTIONS} connections, ${DURATION} s per call after ${WARMUP} s of warm-up, ` +
      `${ROUNDS} round${ROUNDS > 1 ? 's' : ''} on each server in turn (the median; the peer first in odd rounds, last in even ones); ` +
      `W=n is the server with WORKERS=n (${runs.map((r) => `W=${r.workers} ran as ${r.processes} process${r.processes > 1 ? 'es' : ''}`).join(', ')}); ` +
      `÷ peer is req/s over the PostgREST-shaped peer's (bench/peer.ts) on the same call in the same round: the median of the rounds (their range).`,
    ...(small
      ? [
          '',
          `÷ small peer: the same peer on the database ${SMALL_PEER} (${small.rows}), measured right after the peer in each round.`,
        ]
      : []),
    '',
    table(throughputRows),
    '',
    ...(SINGLES
      ? [
          `One request at a time (median of 3) — ${passed} of ${measured} within ${TARGET_MS} ms:`,
          '',
          table(singleRows),
          '',
        ]
      : []),
    `Server RSS after the run: ${runs.map((r) => `WORKERS=${r.workers} ${fmt(r.rssMb)} MB (${r.processes} process${r.processes > 1 ? 'es' : ''})`).join(', ')}.`,
    '',
  ].join('\n');
  await writeSection(`## ${LABEL} (`, section);
  console.log(`\nWritten to bench/RESULTS.md under "${LABEL}".`);
}

runBench(main);
