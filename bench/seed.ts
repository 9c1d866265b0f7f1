/**
 * `npm run bench:seed`: how long `seed:scale` takes on PostgreSQL, against a peer measured in the same run —
 * a plain `COPY` of the very rows it loaded into bare copies of its tables (no index, key, trigger, counter
 * or search column kept): the floor of writing that data on this machine.
 *
 *   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432)  SCALE_USERS, SCALE_LAHAN … as for seed:scale
 *   BENCH_KEEP=<name>  loads into a fresh database of that name and keeps it (without the peer's tables),
 *                      e.g. for `BENCH_REUSE=<name> npm run bench:scale`
 *   BENCH_LABEL=<label>  also writes the figures to bench/RESULTS.md under "## bench:seed <label>"
 *   SCALE_VERBOSE=1    prints (and writes) the seed's phases and steps with their times, and the loaded
 *                      database's fingerprint (two loads of the same counts must print the same)
 *   BENCH_FINGERPRINT=<name>  only prints the fingerprint of that (loaded) database
 *
 * Needs `psql` on the PATH. The database is dropped at the end unless BENCH_KEEP names it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { databaseUrlFor } from '../test/server/support/database.js';
import { writeSection } from './results.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const TABLES = ['users', 'petani_profiles', 'mitra_profiles', 'documents', 'locations', 'lahan', 'contracts'];
/** The tables the scale set loads, and its counters summed over their shards (`list_counts`' shard is random). */
const LOADED = [
  ...TABLES,
  'contract_terms',
  'contract_events',
  'contract_signatures',
  'contract_deliveries',
  `(SELECT entity, k1, k2, sum(n) AS n, sum(amount) AS amount FROM list_counts GROUP BY 1, 2, 3 HAVING sum(n) <> 0)`,
];
/**
 * What differs from run to run: a salted password hash, a random verification code and what holds it, a
 * delivery's random lot code (the demo seed's and the scale set's alike).
 */
const VOLATILE = `ARRAY['password_hash', 'verification_code', 'document', 'document_sha256', 'lot_code']`;

/**
 * What two loads of the same counts must share, whatever the seed's code: per loaded table its rows and the
 * sum of `hashtext` over every row's JSON (without VOLATILE, and without the times of the rows the demo seed
 * stamps with the time of the run), and the definitions of every index, constraint and trigger (on or off).
 */
const FINGERPRINT = [
  ...LOADED.map(
    (
      t,
    ) => `SELECT '${t.startsWith('(') ? 'list_counts' : t}', count(*) || ' rows, ' || coalesce(sum(hashtext((
        to_jsonb(x) - ${VOLATILE} - CASE WHEN (to_jsonb(x)->>'created_at')::timestamptz > now() - interval '1 day'
                                    THEN ARRAY['created_at', 'updated_at'] ELSE '{}'::text[] END)::text)), 0)
      FROM ${t} x`,
  ),
  `SELECT 'schema', md5(string_agg(d, E'\n' ORDER BY d)) FROM (
     SELECT indexdef AS d FROM pg_indexes WHERE schemaname = current_schema()
     UNION ALL SELECT conname || ' ' || pg_get_constraintdef(oid) FROM pg_constraint
       WHERE connamespace = current_schema()::regnamespace
     UNION ALL SELECT tgname || ' ' || tgenabled::text || ' ' || pg_get_triggerdef(oid) FROM pg_trigger WHERE NOT tgisinternal
   ) s`,
].join('\nUNION ALL\n');

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

const psql = (url: string, command: string) =>
  execFileSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', url, '-c', command], { encoding: 'utf8' });

function commit() {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  const dirty = git('status', '--porcelain', '--untracked-files=no', 'src').length > 0;
  return `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes under src/)' : ''}`;
}

const fingerprint = (url: string) => psql(url, `COPY (${FINGERPRINT}) TO STDOUT`);

async function main() {
  const only = process.env.BENCH_FINGERPRINT;
  if (only) return void console.log(fingerprint(databaseUrlFor(SERVER_URL, only)));
  const keep = process.env.BENCH_KEEP;
  if (keep && !/^[a-z_][a-z0-9_]*$/.test(keep)) throw new Error(`BENCH_KEEP must be a plain database name`);
  const seeded = keep || `tm_bench_seed_${randomBytes(4).toString('hex')}`;
  const files = mkdtempSync(path.join(tmpdir(), 'bench-seed-'));
  try {
    psql(SERVER_URL, `CREATE DATABASE ${seeded}`);
    const url = databaseUrlFor(SERVER_URL, seeded);
    const loadBefore = load();
    const started = performance.now();
    const run = spawnSync('node', ['--import', 'tsx', 'src/server/seed-scale.ts'], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: url },
      encoding: 'utf8',
    });
    const seedSeconds = (performance.now() - started) / 1000;
    if (run.status !== 0) throw new Error(`seed:scale failed:\n${run.stdout}\n${run.stderr}`);
    if (process.env.SCALE_VERBOSE) console.log(run.stdout);
    const loadAfterSeed = load();

    // The peer: the same rows (written to files before the clock starts) into bare copies of the tables. A
    // generated column stays generated: COPY writes none, so a plain column there would find no data.
    psql(url, 'CREATE SCHEMA peer');
    for (const table of TABLES) {
      psql(url, `CREATE TABLE peer.${table} (LIKE public.${table} INCLUDING GENERATED)`);
      psql(url, `\\copy public.${table} TO '${path.join(files, table)}'`);
    }
    const copyStarted = performance.now();
    for (const table of TABLES) psql(url, `\\copy peer.${table} FROM '${path.join(files, table)}'`);
    const copySeconds = (performance.now() - copyStarted) / 1000;

    const rows = TABLES.map((t) => `${t} ${Number(psql(url, `COPY (SELECT count(*) FROM ${t}) TO STDOUT`))}`);
    console.log(`seed:scale on PostgreSQL: ${rows.join(', ')}`);
    console.log(`  seed:scale (migrate, demo seed, scale set, VACUUM ANALYZE): ${seedSeconds.toFixed(1)} s`);
    console.log(`  peer, COPY of the same rows into bare tables:                ${copySeconds.toFixed(1)} s`);
    console.log(`  ratio seed:scale / COPY: ${(seedSeconds / copySeconds).toFixed(1)}×`);
    console.log(`  load average before ${loadBefore}; after seeding ${loadAfterSeed}; at the end ${load()}`);
    console.log(`  ${/Scale data set loaded in [\d.]+ s/.exec(run.stdout)?.[0] ?? ''}`);
    if (process.env.BENCH_LABEL) {
      const phases = run.stdout.split('\n').filter((line) => /^ {2}[^ ].*: [\d.]+ s$/.test(line));
      await writeSection(
        `## bench:seed ${process.env.BENCH_LABEL}\n`,
        [
          `## bench:seed ${process.env.BENCH_LABEL}`,
          '',
          `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${commit()}; ${rows.join(', ')}.`,
          '',
          `| seed:scale | peer: COPY of the same rows | ratio | load average before / after seeding / end |`,
          `| --- | --- | --- | --- |`,
          `| ${seedSeconds.toFixed(1)} s | ${copySeconds.toFixed(1)} s | ${(seedSeconds / copySeconds).toFixed(1)}× | ${loadBefore} / ${loadAfterSeed} / ${load()} |`,
          ...(phases.length ? ['', `Phases: ${phases.map((p) => p.trim()).join('; ')}.`] : []),
          '',
        ].join('\n'),
      );
    }
    if (process.env.SCALE_VERBOSE) console.log(`fingerprint:\n${fingerprint(url)}`);
    if (keep) {
      psql(url, 'DROP SCHEMA peer CASCADE');
      console.log(`  kept the loaded database ${seeded}`);
    }
  } finally {
    rmSync(files, { recursive: true, force: true });
    if (!keep) psql(SERVER_URL, `DROP DATABASE IF EXISTS ${seeded}`);
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
