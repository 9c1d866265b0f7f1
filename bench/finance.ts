/**
 * `npm run bench:finance`: the admin's finance view (issue 31: within 50 ms per call at 60k contracts) —
 * `GET /api/v1/admin/finance/summary`, `/outstanding` and `/overdue` (modules/finance) — on databases loaded by
 * `seed:scale` (its default counts give 60k contracts with their money: scale/money.ts).
 *
 * Each database is opened in this process and served by the app itself, answered by `app.inject` (the whole
 * route: guard, query rules, the statements, the JSON text), one request at a time, as an admin. The peer, asked
 * between the calls so that both see the same load: the admin's contract list page 1 (`GET /contract?limit=10`).
 * Then every statement each call ran (caught through drizzle's query logger) is run again under EXPLAIN
 * (ANALYZE, BUFFERS); with BENCH_LABEL the statements are written to bench/sql/finance-explain.sql (runnable
 * with psql on any seed:scale database) and their plans to bench/sql/finance-plans.txt.
 *
 *   BENCH_DATABASE_URL  the PostgreSQL server (default postgres://postgres@127.0.0.1:5432)
 *   BENCH_DATABASES     databases loaded by seed:scale (default h_finance_60k)
 *   BENCH_DATA_DIR      also an embedded database (PGlite) loaded by `DATA_DIR=… npm run seed:scale`
 *   BENCH_RUNS          timed requests of each call (default 30); BENCH_WARMUP untimed ones first (default 3)
 *   BENCH_LABEL         writes the figures to bench/RESULTS.md under "bench:finance $BENCH_LABEL"
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/engine/client.js';
import { benchApp, benchDatabases, timedGets } from './app.js';
import { catchStatements, explainAnalyze, planFigures, planTable, writeExplained } from './explain.js';
import { runBench } from './cleanup.js';
import { quantile } from './lists.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const LABEL = process.env.BENCH_LABEL;
const TARGET_MS = 50;

interface Call {
  name: string;
  url: string;
}

const round = (v: number, digits = 1) => Number(v.toFixed(digits));

async function measureDatabase(label: string, database: Database) {
  const { app, db, one, tokenFor } = await benchApp(label, database);
  const admin = await one<{ id: number }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`);
  const shape = await one<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM contracts) AS contracts,
       (SELECT count(*)::int FROM contracts WHERE settled_outstanding > 0) AS owing,
       (SELECT count(*)::int FROM contracts WHERE settled_outstanding > 0
          AND payment_due_date < (now() AT TIME ZONE 'Asia/Jakarta')::date) AS overdue,
       (SELECT count(DISTINCT mitra_id)::int FROM contracts WHERE settled_outstanding > 0) AS mitra_owing,
       (SELECT count(*)::int FROM contract_deliveries) AS deliveries,
       (SELECT count(*)::int FROM contract_payments) AS payments,
       (SELECT count(*)::int FROM contract_advances) AS advances`,
  );
  const token = await tokenFor({ id: admin.id, role: 'admin' });
  const lastPage = (rows: number) => Math.max(1, Math.ceil(rows / 10));
  const calls: Call[] = [
    { name: 'summary', url: '/api/v1/admin/finance/summary' },
    { name: 'outstanding page 1', url: '/api/v1/admin/finance/outstanding?limit=10' },
    {
      name: 'outstanding last page',
      url: `/api/v1/admin/finance/outstanding?limit=10&page=${lastPage(shape.mitra_owing!)}`,
    },
    { name: 'overdue page 1', url: '/api/v1/admin/finance/overdue?limit=10' },
    {
      name: 'overdue last page',
      url: `/api/v1/admin/finance/overdue?limit=10&page=${lastPage(shape.overdue!)}`,
    },
  ];
  const peer: Call = { name: 'peer: contract list page 1 (admin)', url: '/api/v1/contract?limit=10' };

  const { get, record, of } = timedGets(app, token);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const call of calls) {
      const ms = await get(call.url);
      const peerMs = await get(peer.url);
      if (round >= WARMUP) {
        record(call.name, ms);
        record(peer.name, peerMs);
      }
    }
  }
  const figures = (name: string) => {
    const xs = of(name);
    return { p50: quantile(xs, 0.5), p99: quantile(xs, 0.99) };
  };
  const list = figures(peer.name);
  const rows = calls.map((call) => {
    const f = figures(call.name);
    return { name: call.name, url: call.url, ...f, overList: f.p50 / list.p50 };
  });

  // Every statement each call runs, under EXPLAIN (ANALYZE, BUFFERS).
  const catcher = catchStatements(db);
  const plans: { call: string; statement: string; plan: string[] }[] = [];
  for (const call of calls) {
    for (const statement of await catcher.during(() => get(call.url))) {
      // The finance statements, not the guard's reading of the caller's session.
      if (!/"?(contracts|contract_deliveries|list_counts)"?\b/.test(statement)) continue;
      plans.push({ call: call.name, statement, plan: await explainAnalyze(db, sql.raw(statement)) });
    }
  }
  const explained = plans.map(({ call, statement, plan }) => ({ call, statement, ...planFigures(plan) }));
  return { label, kind: database.kind, shape, list, rows, explained };
}

type Measured = Awaited<ReturnType<typeof measureDatabase>>;

function section(results: Measured[], load: number[]) {
  const lines = [
    `## bench:finance ${LABEL}`,
    '',
    `What: the admin’s finance view (\`GET /api/v1/admin/finance/summary\`, \`/outstanding\`, \`/overdue\`; the last ` +
      'page of each list too) one request at a time through the whole app (`app.inject`), as an admin, ' +
      `${RUNS} timed of each after ${WARMUP} untimed, on databases loaded by \`seed:scale\`; the peer (the ` +
      'admin’s contract list page 1, `GET /contract?limit=10`) is asked after each call. Ratio = the call’s p50 ' +
      `over the peer’s p50. Target: ${TARGET_MS} ms per call. Load average ${load.map((l) => l.toFixed(1)).join(', ')} ` +
      `at the end (${new Date().toISOString().slice(0, 16)} UTC). Command: \`BENCH_LABEL=… npm run bench:finance\`; ` +
      'the statements as psql runs them: `bench/sql/finance-explain.sql`, their plans `bench/sql/finance-plans.txt`.',
  ];
  for (const r of results) {
    const s = r.shape;
    lines.push(
      '',
      `### ${r.label} (${r.kind}: ${s.contracts!.toLocaleString('en')} contracts, ${s.owing!.toLocaleString('en')} owing ` +
        `(${s.overdue!.toLocaleString('en')} overdue) at ${s.mitra_owing!.toLocaleString('en')} mitra; ` +
        `${s.deliveries!.toLocaleString('en')} deliveries, ${s.advances!.toLocaleString('en')} advances, ` +
        `${s.payments!.toLocaleString('en')} payments)`,
      '',
      `Peer: contract list page 1 p50 ${round(r.list.p50)} ms (p99 ${round(r.list.p99)}).`,
      '',
      '| call | p50 ms | p99 ms | p50 / list page 1 | within 50 ms (p99) |',
      '| --- | --: | --: | --: | --- |',
      ...r.rows.map(
        (row) =>
          `| ${row.name} | ${round(row.p50)} | ${round(row.p99)} | ${round(row.overList, 2)} | ${row.p99 <= TARGET_MS ? 'yes' : 'no'} |`,
      ),
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of every statement each call runs:',
      '',
      ...planTable(r.explained),
    );
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const results: Measured[] = [];
  for (const { label, open } of benchDatabases('h_finance_60k')) {
    results.push(await measureDatabase(label, await open()));
    console.log(section(results.slice(-1), loadavg()));
  }
  const text = section(results, loadavg());
  console.log(`\n${text}`);
  if (LABEL) {
    await writeSection(`## bench:finance ${LABEL}`, text);
    writeExplained(
      'finance',
      'The finance view’s statements (issue 31), as the app ran them in bench:finance (bench/finance.ts).',
      results.slice(0, 1),
    );
  }
}

runBench(main);
