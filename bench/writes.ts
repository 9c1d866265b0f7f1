/**
 * `npm run bench:writes`: what the database's triggers (counters, search text, search pieces, the owner's
 * verification) add to the writes the API makes. Each write runs alone in a transaction that is rolled back, so
 * the data stays as it was and any database can be measured; its peer, in the same run, is the very same write
 * with every trigger off (`session_replication_role = replica`): the floor of that write on this machine.
 *
 *   BENCH_DATABASE_URL  a PostgreSQL database to measure (e.g. one `seed:scale` loaded); unset: the embedded
 *                       database, in memory
 *   BENCH_DATA_DIR      an embedded data directory to measure instead (e.g. one `seed:scale` loaded)
 * The database is migrated, and given the demo data if it has no petani, as a server start would.
 *   BENCH_RUNS          timed runs of each write and of its peer (default 200, after 20 untimed)
 *   BENCH_LABEL         writes the table to bench/RESULTS.md under "bench:writes $BENCH_LABEL"
 */
import { sql, TransactionRollbackError, type SQL } from 'drizzle-orm';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { DEMO_ADMIN } from '../src/server/config.js';
import { openDatabase, queryRows, type Database } from '../src/server/db/engine/client.js';
import { seedDatabase } from '../src/server/db/seed/index.js';
import { median, quantile } from './lists.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
/** Untimed runs before them (plans made, caches warm). */
const WARMUP = 20;

interface Write {
  name: string;
  /** The statement of the i-th run. */
  statement: (i: number) => SQL;
}

/** The database to measure, migrated and (when it has no petani yet) given the demo data, as a server start would. */
async function open(): Promise<{ database: Database; where: string }> {
  const url = process.env.BENCH_DATABASE_URL;
  const dataDir = process.env.BENCH_DATA_DIR;
  const database = await openDatabase(url ? { databaseUrl: url } : dataDir ? { dataDir } : {});
  await database.migrate();
  await seedDatabase(database.db, {
    seed: 'demo',
    adminEmail: DEMO_ADMIN.email,
    adminPassword: DEMO_ADMIN.password,
  });
  return { database, where: url ? `PostgreSQL (${url})` : `PGlite (${dataDir ?? 'in memory'})` };
}

/** The API's writes, on rows of the demo data or the scale set (the first lahan, petani and contract by id). */
async function writes(database: Database): Promise<Write[]> {
  const first = async (query: string) =>
    (await queryRows<{ id: number }>(database.db, sql.raw(query)))[0]!.id;
  const lahan = await first('SELECT min(id) AS id FROM lahan');
  const petani = await first(`SELECT min(id) AS id FROM users WHERE role = 'petani'`);
  const contract = await first('SELECT min(id) AS id FROM contracts');
  return [
    {
      name: 'lahan: a column nothing counts',
      statement: () => sql`UPDATE lahan SET gps = NULL WHERE id = ${lahan}`,
    },
    {
      name: 'lahan: its area',
      statement: (i) => sql`UPDATE lahan SET luas_lahan = ${1000 + i} WHERE id = ${lahan}`,
    },
    {
      name: 'lahan: its status',
      statement: (i) =>
        sql`UPDATE lahan SET status = ${i % 2 ? 'active' : 'inactive'}::lahan_status WHERE id = ${lahan}`,
    },
    {
      name: 'lahan: its name',
      statement: (i) => sql`UPDATE lahan SET nama_lahan = ${`Sawah Uji ${i}`} WHERE id = ${lahan}`,
    },
    {
      name: 'lahan: a new one',
      statement: (i) => sql`INSERT INTO lahan (petani_id, nama_lahan, luas_lahan, status)
        VALUES (${petani}, ${`Sawah Baru ${i}`}, 1500, 'pending')`,
    },
    { name: 'lahan: delete one', statement: () => sql`DELETE FROM lahan WHERE id = ${lahan}` },
    {
      name: 'account: a column nothing counts',
      statement: () => sql`UPDATE users SET updated_at = now() WHERE id = ${petani}`,
    },
    {
      name: 'account: verified or not',
      statement: (i) => sql`UPDATE users SET status_verifikasi = ${i % 2 === 0} WHERE id = ${petani}`,
    },
    {
      name: 'account: its name (its lahan and contracts follow)',
      statement: (i) => sql`UPDATE users SET full_name = ${`Petani Uji ${i}`} WHERE id = ${petani}`,
    },
    {
      name: 'contract: its status',
      statement: (i) =>
        sql`UPDATE contracts SET status = ${i % 2 ? 'active' : 'approved'}::contract_status WHERE id = ${contract}`,
    },
  ];
}

/** Milliseconds of each run of `write`, alone in a rolled-back transaction, triggers on or off. */
async function time(database: Database, write: Write, triggers: boolean): Promise<number[]> {
  const took: number[] = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    try {
      await database.db.transaction(async (tx) => {
        if (!triggers) await tx.execute(sql`SET LOCAL session_replication_role = replica`);
        const started = performance.now();
        await tx.execute(write.statement(i));
        if (i >= WARMUP) took.push(performance.now() - started);
        tx.rollback();
      });
    } catch (error) {
      if (!(error instanceof TransactionRollbackError)) throw error;
    }
  }
  return took;
}

async function main() {
  const { database, where } = await open();
  const load = loadavg()[0]!.toFixed(2);
  const rows: string[][] = [];
  try {
    for (const write of await writes(database)) {
      // Alternated, so that a change in the machine's load falls on both.
      const on: number[] = [];
      const off: number[] = [];
      for (let half = 0; half < 2; half++) {
        off.push(...(await time(database, write, false)));
        on.push(...(await time(database, write, true)));
      }
      const [m, p] = [median(on), quantile(on, 0.9)];
      const floor = median(off);
      rows.push([write.name, m.toFixed(2), p.toFixed(2), floor.toFixed(2), `${(m / floor).toFixed(2)}×`]);
      console.log(rows.at(-1)!.join('  '));
    }
  } finally {
    await database.close();
  }
  const header = ['write', 'median ms', 'p90 ms', 'triggers off: median ms', '÷ off'];
  const table = [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
  const text =
    `${where}; ${2 * RUNS} runs of each write and as many of its peer, each alone in a rolled-back ` +
    `transaction; load average ${load} at the start, ${loadavg()[0]!.toFixed(2)} at the end.\n\n${table}\n`;
  console.log(`\n${text}`);
  const label = process.env.BENCH_LABEL;
  if (label) await writeSection(`## bench:writes ${label}`, `## bench:writes ${label}\n\n${text}`);
}

await main();
