/**
 * `npx tsx bench/notifications.ts`: what notifications add to a contract step (issue 29: p99 within 10 % of
 * the step without them). The step is the pair a negotiation repeats — the petani counters, the mitra revises —
 * each a POST through the whole app (guard, body rules, the step's transaction with its event, audit row and,
 * with notifications, the other party's notification and its pg_notify), answered by `app.inject`.
 *
 * "Off" is the same step in the code before contract steps notified: there is no switch that turns
 * notifications off (a step that waits for the person always notifies), so the peer is that commit's `src`,
 * unpacked with `git archive` like "on" (uncommitted edits stay out). Each runs in this process on its own fresh
 * PostgreSQL database, migrated and demo-seeded by its own code, with the demo contract that waits for the
 * petani's answer; a control, the off code again on a third database, shows how far two identical servers differ
 * in the same run. They take turns BLOCK steps at a time, the first one rotating, so a change in the machine's
 * load falls on all three.
 *
 *   BENCH_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432); the databases
 *                       `${BENCH_DB_PREFIX}_on`, `_off`, `_control` (prefix bench_notifications) are made and dropped
 *   BENCH_ON_REF        the code measured (default HEAD)
 *   BENCH_OFF_REF       its peer (default: the parent of the first commit in which contracts/ names notify)
 *   BENCH_STEPS         timed steps of each (default 2000, after 100 untimed)
 *   BENCH_LABEL         writes the figures to bench/RESULTS.md under "bench:notifications $BENCH_LABEL"
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { waitForDisconnects } from '../test/support/wait-for-disconnects.js';
import { quantile } from './lists.js';
import { writeSection } from './results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const PREFIX = process.env.BENCH_DB_PREFIX ?? 'bench_notifications';
const STEPS = Number(process.env.BENCH_STEPS ?? 2000);
const WARMUP = 100;
/** Steps one side takes before the other's turn (an even number: whole counter/revise pairs). */
const BLOCK = 2;
const TARGET = 1.1;

const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT }).toString().trim();

/** The commit before contract steps first created notifications. */
function beforeNotifications(): string {
  const first = git('log', '--reverse', '--format=%h', '-G', 'notif', '--', 'src/server/modules/contracts')
    .split('\n')
    .find(Boolean);
  if (!first) throw new Error('no commit makes contract steps notify yet: set BENCH_OFF_REF');
  return git('rev-parse', '--short', `${first}^`);
}

const urlOf = (database: string) => {
  const url = new URL(SERVER_URL);
  url.pathname = `/${database}`;
  return url.toString();
};

interface Side {
  name: 'on' | 'off' | 'control';
  commit: string;
  step: () => Promise<void>;
  /** Signs the parties in again when their tokens are near their end (between timed steps). */
  ready: () => Promise<void>;
  took: number[];
  close: () => Promise<void>;
}

/**
 * One side: the commit's `src` in a temporary directory, its app over its own database, and the demo petani's and
 * mitra's sessions. `step()` takes the next step of the pair on the demo contract that awaits the petani.
 */
async function side(name: Side['name'], ref: string, admin: pg.Client): Promise<Side> {
  const commit = git('rev-parse', '--short', ref);
  const dir = mkdtempSync(path.join(tmpdir(), `tanimitra-bench-${name}-`));
  execFileSync('sh', ['-c', `git archive "$0" src | tar -x -C "$1"`, commit, dir], { cwd: ROOT });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const load = (file: string) => import(pathToFileURL(path.join(dir, 'src/server', file)).href);
  const [{ buildApp }, { loadConfig }, { openDatabase, queryRows }, { seedDatabase }, demo] =
    await Promise.all([
      load('app.ts'),
      load('config.ts'),
      load('db/engine/client.ts'),
      load('db/seed/index.ts'),
      load('db/seed/demo.ts'),
    ]);

  const database = `${PREFIX}_${name}`;
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  const config = loadConfig({
    DATABASE_URL: urlOf(database),
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    LOG_LEVEL: 'silent',
    SEED: 'demo',
    CONTRACT_AUTO_START: 'off',
  });
  const opened = await openDatabase({ databaseUrl: urlOf(database) });
  await opened.migrate();
  await seedDatabase(opened.db, config);
  const app = await buildApp({ config, db: opened.db, clientDir: '/nonexistent-client-dir' });

  const signIn = async ({ email, password }: { email: string; password: string }) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`${name}: sign-in of ${email}: ${res.body}`);
    return { authorization: `Bearer ${res.json().data.token as string}` };
  };
  // Access tokens live 15 minutes, and a run on a busy machine is longer: the parties sign in again, untimed.
  let petani = await signIn(demo.DEMO_PETANI);
  let mitra = await signIn(demo.DEMO_MITRA);
  let signedIn = performance.now();
  const ready = async () => {
    if (performance.now() - signedIn < 10 * 60_000) return;
    [petani, mitra, signedIn] = [
      await signIn(demo.DEMO_PETANI),
      await signIn(demo.DEMO_MITRA),
      performance.now(),
    ];
  };
  const [contract] = await queryRows(
    opened.db,
    sql`select c.id from contracts c join users p on p.id = c.petani_id join users m on m.id = c.mitra_id
        where c.status = 'pending' and p.email = ${demo.DEMO_PETANI.email} and m.email = ${demo.DEMO_MITRA.email}
        order by c.id limit 1`,
  );
  if (!contract) throw new Error(`${name}: the demo data has no offer awaiting the demo petani`);

  let n = 0;
  const step = async () => {
    const counter = n % 2 === 0;
    // Each step changes the price, since a step that changes no term is refused.
    const res = await app.inject({
      method: 'POST',
      url: `/api/v1/contract/${contract.id as number}/${counter ? 'counter' : 'revise'}`,
      headers: counter ? petani : mitra,
      payload: { price: 5000 + n },
    });
    if (res.statusCode !== 200) throw new Error(`${name}: step ${n}: ${res.statusCode} ${res.body}`);
    n++;
  };
  return {
    name,
    commit,
    step,
    ready,
    took: [],
    close: async () => {
      await app.close();
      await opened.close();
      await waitForDisconnects(admin, database);
      await admin.query(`DROP DATABASE IF EXISTS ${database}`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function main() {
  const admin = new pg.Client({ connectionString: urlOf('postgres') });
  await admin.connect();
  const sides: Side[] = [];
  try {
    sides.push(await side('on', process.env.BENCH_ON_REF ?? 'HEAD', admin));
    const offRef = process.env.BENCH_OFF_REF ?? beforeNotifications();
    sides.push(await side('off', offRef, admin));
    sides.push(await side('control', offRef, admin));
    const [on, off, control] = sides as [Side, Side, Side];
    const load = loadavg()[0]!.toFixed(2);
    for (const s of sides) for (let i = 0; i < WARMUP; i++) await s.step();
    for (let round = 0; round * BLOCK < STEPS; round++) {
      for (const s of [...sides.slice(round % 3), ...sides.slice(0, round % 3)]) {
        await s.ready();
        for (let i = 0; i < BLOCK; i++) {
          const started = performance.now();
          await s.step();
          s.took.push(performance.now() - started);
        }
      }
    }
    await report(on, off, control, load);
  } finally {
    for (const s of sides) await s.close();
    await admin.end();
  }
}

async function report(on: Side, off: Side, control: Side, load: string) {
  const qs = [0.5, 0.9, 0.99] as const;
  const figures = (s: Side) => qs.map((q) => quantile(s.took, q));
  const [onQ, offQ, controlQ] = [figures(on), figures(off), figures(control)];
  const p99 = onQ[2]! / offQ[2]!;
  const ratio = (xs: number[]) => xs.map((x, i) => `${(x / offQ[i]!).toFixed(2)}×`);
  const rows = [
    ['notifications on', on.commit, ...onQ.map((x) => x.toFixed(2))],
    ['off (before them)', off.commit, ...offQ.map((x) => x.toFixed(2))],
    ['off again (control)', control.commit, ...controlQ.map((x) => x.toFixed(2))],
    ['on ÷ off', '', ...ratio(onQ)],
    ['control ÷ off: the noise', '', ...ratio(controlQ)],
  ];
  const header = ['code', 'commit', 'p50 ms', 'p90 ms', 'p99 ms'];
  const table = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
  const text =
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC: \`npx tsx bench/notifications.ts\`` +
    `${process.env.BENCH_STEPS ? ` with BENCH_STEPS=${STEPS}` : ''}. ` +
    `A contract step (the petani's counter and the mitra's revision, in turn) through \`app.inject\` on PostgreSQL, ` +
    `${on.took.length} timed steps of each side after ${WARMUP} untimed, the three sides taking turns ${BLOCK} ` +
    `steps at a time (the first one rotating); the control is the off code again on a third database, so ` +
    `control ÷ off is what two identical servers differ by in this run; ` +
    `load average ${load} at the start, ${loadavg()[0]!.toFixed(2)} at the end. ` +
    `Target p99 within ${Math.round((TARGET - 1) * 100)} % of off: ${p99 <= TARGET ? 'holds' : 'does not hold'} ` +
    `(${p99.toFixed(2)}×).\n\n${table}\n`;
  console.log(`\n${text}`);
  const label = process.env.BENCH_LABEL;
  if (label)
    await writeSection(`## bench:notifications ${label}`, `## bench:notifications ${label}\n\n${text}`);
}

await main();
