/**
 * What each statement of a request costs PostgreSQL in CPU, not in time: `npx tsx bench/search-cpu.ts` runs the
 * PostgREST-shaped peer's petani search (bench/peer-sql.ts, its values bound as the peer binds them) on
 * BENCH_SMALL_PEER (default h_scale_100k), then the statements of bench/sql/search-cpu.sql (each after a
 * `-- <name> @ <database>` line), in turn, each on a connection of its own, BENCH_RUNS times per round (default
 * 50) for BENCH_ROUNDS rounds (default 3), and reports the backend's CPU time per run (utime + stime of its
 * process, /proc/<pid>/stat: PostgreSQL on this machine) as the median over rounds and as a ratio to the peer's. On a shared machine wall times follow the load;
 * CPU time much less so. Each statement runs as a named (prepared) statement, so that its plan is made once,
 * unless its name says `per call`: then unnamed, planned every run, as the app sends a search.
 * BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432) says where; `<database>` is the database's name.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { likePattern } from '../src/server/db/search/search.js';
import { petaniStatement } from './peer-sql.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';
const FILE = path.join(import.meta.dirname, 'sql/search-cpu.sql');

interface Statement {
  name: string;
  database: string;
  text: string;
  values?: unknown[];
}

const peer: Statement = {
  name: 'peer petani q=budi',
  database: process.env.BENCH_SMALL_PEER ?? 'h_scale_100k',
  text: petaniStatement(true),
  values: ['petani', 10, 0, likePattern('budi')],
};

const statements: Statement[] = [
  peer,
  ...readFileSync(FILE, 'utf8')
    .split(/^-- (?=.+ @ \w+$)/m)
    .slice(1)
    .map((part) => {
      const [head, ...body] = part.split('\n');
      const [name, database] = head!.split(' @ ');
      return {
        name: name!.trim(),
        database: database!.trim(),
        text: body.join('\n').trim().replace(/;$/, ''),
      };
    }),
];

/** CPU milliseconds the process `pid` has used (clock ticks of 10 ms). */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

async function measure(statement: Statement, index: number) {
  const client = new pg.Client({ connectionString: `${BASE}/${statement.database}` });
  await client.connect();
  try {
    const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
    const perCall = statement.name.includes('per call');
    const { text, values } = statement;
    const run = () => client.query(perCall ? { text, values } : { name: `s${index}`, text, values });
    for (let i = 0; i < 3; i++) await run();
    const before = cpuMs(pid);
    for (let i = 0; i < RUNS; i++) await run();
    return (cpuMs(pid) - before) / RUNS;
  } finally {
    await client.end();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const perRun: number[][] = statements.map(() => []);
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, statement] of statements.entries()) perRun[i]!.push(await measure(statement, i));
}
const first = median(perRun[0]!);
console.log(
  `| statement | database | CPU ms per run | ÷ ${statements[0]!.name} |\n| --- | --- | --- | --- |`,
);
for (const [i, statement] of statements.entries()) {
  const ms = median(perRun[i]!);
  console.log(
    `| ${statement.name} | ${statement.database} | ${ms.toFixed(2)} | ${(ms / first).toFixed(2)}× |`,
  );
}
