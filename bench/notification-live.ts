/**
 * `npm run bench:notification-live`: how soon a notification reaches the person's open stream (issue 29: a
 * bell rises within a second, without a reload). The built server (`npm run build` first) runs on a fresh
 * embedded data directory with the demo data, or, with `BENCH_DATABASE_URL`, on a fresh PostgreSQL database with
 * `WORKERS=2`, where the stream and the change usually land on different processes and the notification crosses
 * between them by LISTEN/NOTIFY.
 *
 * Each round an admin turns the demo petani's verification off or on (PUT /admin/verify-role/{id}: one
 * notification for the petani, in the change's transaction) while the petani's stream is open. Arrival is the
 * time from sending the request to the stream's `notification` event; its peer, measured in the same round, is
 * the request's own answer time — what the change costs the one who makes it. Reported: p50 and p99 of both and
 * their ratio.
 *
 *   BENCH_DATABASE_URL  a PostgreSQL server (the database bench_notification_live is made and dropped)
 *   BENCH_ROUNDS        timed rounds (default 200, after 20 untimed)
 *   BENCH_LABEL         writes the figures to bench/RESULTS.md under "bench:notification-live $BENCH_LABEL"
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { DEMO_ADMIN } from '../src/server/config.js';
import { DEMO_PETANI } from '../src/server/db/seed/demo.js';
import { quantile } from './lists.js';
import { startProcess } from './processes.js';
import { writeSection } from './results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARMUP = 20;
const SERVER_URL = process.env.BENCH_DATABASE_URL;
const DATABASE = 'bench_notification_live';
const TARGET_MS = 1000;

async function freshDatabase(): Promise<string> {
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const url = new URL(SERVER_URL!);
  url.pathname = `/${DATABASE}`;
  return url.toString();
}

async function json(base: string, method: string, url: string, token?: string, body?: unknown) {
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = (await res.json()) as { data: any };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(payload)}`);
  return payload.data;
}

/**
 * The petani's open stream, once the server's first bytes (its `: connected` comment) came: `next()` resolves
 * at the next `notification` event after it is called.
 */
async function openStream(base: string, token: string) {
  const res = await fetch(`${base}/api/v1/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
  });
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let waiting: ((at: number) => void) | undefined;
  let connected = () => {};
  const opened = new Promise<void>((resolve) => (connected = resolve));
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const at = performance.now();
      connected();
      buffer += value;
      const events = buffer.split('\n\n');
      buffer = events.pop()!;
      if (events.some((e) => e.startsWith('event: notification'))) waiting?.(at);
    }
  })();
  await opened;
  return {
    next: () => new Promise<number>((resolve) => (waiting = resolve)),
    close: () => reader.cancel(),
  };
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'tanimitra-live-'));
const env: NodeJS.ProcessEnv = SERVER_URL
  ? {
      ...process.env,
      DATABASE_URL: await freshDatabase(),
      SEED: 'demo',
      WORKERS: '2',
      JWT_SECRET: randomBytes(48).toString('base64'),
    }
  : { ...process.env, DATA_DIR: dataDir };
const server = await startProcess([path.join(ROOT, 'dist/server/main.js')], env, ROOT);
const base = server.baseUrl;
const load = loadavg()[0]!.toFixed(2);
try {
  const admin = (await json(base, 'POST', '/auth/admin-signin', undefined, DEMO_ADMIN)).token as string;
  const petani = await json(base, 'POST', '/auth/signin', undefined, DEMO_PETANI);
  const petaniId = petani.user.id as number;
  const stream = await openStream(base, petani.token);
  const arrival: number[] = [];
  const answer: number[] = [];
  for (let round = 0; round < WARMUP + ROUNDS; round++) {
    const arrived = stream.next();
    const sent = performance.now();
    await json(base, 'PUT', `/admin/verify-role/${petaniId}`, admin, { status_verifikasi: round % 2 === 1 });
    const answered = performance.now();
    const at = await arrived;
    if (round < WARMUP) continue;
    arrival.push(at - sent);
    answer.push(answered - sent);
  }
  await stream.close();
  const rows = [
    ['arrival on the stream', arrival],
    ['the request answered (peer)', answer],
  ] as const;
  const fmt = (n: number) => n.toFixed(1);
  const p = (values: readonly number[], q: number) => quantile([...values], q);
  const table = [
    '| measured | p50 ms | p99 ms |',
    '| --- | --- | --- |',
    ...rows.map(([name, values]) => `| ${name} | ${fmt(p(values, 0.5))} | ${fmt(p(values, 0.99))} |`),
    `| arrival ÷ answer | ${(p(arrival, 0.5) / p(answer, 0.5)).toFixed(2)}× | ${(p(arrival, 0.99) / p(answer, 0.99)).toFixed(2)}× |`,
  ].join('\n');
  const where = SERVER_URL ? 'PostgreSQL, WORKERS=2' : 'embedded PGlite';
  const verdict = p(arrival, 0.99) <= TARGET_MS ? 'holds' : 'does not hold';
  const section =
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${where}: ${ROUNDS} rounds after ` +
    `${WARMUP} untimed; load average ${load} at the start, ${loadavg()[0]!.toFixed(2)} at the end. ` +
    `Target: every notification on the stream within ${TARGET_MS} ms (p99): ${verdict}.\n\n${table}`;
  console.log(section);
  if (process.env.BENCH_LABEL)
    await writeSection(`bench:notification-live ${process.env.BENCH_LABEL}`, section);
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  if (SERVER_URL) {
    const admin = new pg.Client({ connectionString: SERVER_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
  }
}
