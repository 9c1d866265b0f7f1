/**
 * The lahan list narrowed to each province, one request at a time through the whole app (`app.inject`), on
 * databases loaded by `seed:scale` (BENCH_DATABASES, default `h_scale_100k,h_scale_1m`): page 1 newest first (the
 * list's default), page 1 by name and page 50 newest first, for every province that has lahan, BENCH_RUNS timed
 * (default 5) after BENCH_WARMUP untimed (1). The peer, asked between the calls, is the unfiltered list's page 1.
 * A province's share of the lahan decides the plan (a small one was found by walking the whole table's newest
 * first; a large one's capped count by walking the locations' index), so each province is a call of its own.
 *
 * Then the statements of each page for the province with the fewest lahan and the one with the most (caught through
 * drizzle's query logger) are run again under EXPLAIN (ANALYZE, BUFFERS); with a label they are written to
 * bench/sql/province-explain.sql and their plans, on every database measured, to bench/sql/province-plans.txt.
 *
 * Command: `BENCH_LABEL=… npm run bench:province` (the section goes to bench/RESULTS.md with a label).
 */
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/engine/client.js';
import { benchApp, benchDatabases, timedGets } from './app.js';
import { runBench } from './cleanup.js';
import {
  catchStatements,
  explainAnalyze,
  planFigures,
  planTable,
  writeExplained,
  type Explained,
} from './explain.js';
import { median, quantile } from './lists.js';
import { writeSection } from './results.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1);
const LABEL = process.env.BENCH_LABEL;
const TARGET_MS = 50;

const PAGES = [
  { name: 'page 1, newest', query: 'limit=10' },
  { name: 'page 1, by name', query: 'limit=10&sort=nama_lahan&order=asc' },
  { name: 'page 50, newest', query: 'limit=10&page=50' },
];

interface Measured {
  label: string;
  kind: string;
  lahan: number;
  peer: number;
  /** Per page: each province's p50 (ms) with its lahan. */
  pages: { name: string; provinces: { id: number; lahan: number; p50: number }[] }[];
  /** The statements of each page for the smallest and the largest province, with their plans. */
  explained: Explained[];
}

async function measure(label: string, database: Database) {
  const { app, db, one, tokenFor } = await benchApp(label, database);
  // Before the first request: a prebuilt statement keeps the logger it was prepared with.
  const catcher = catchStatements(db);
  const admin = await one<{ id: number }>(`SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1`);
  const token = await tokenFor({ id: admin.id, role: 'admin' });
  // Read through the areas, as every schema has them (the province on the lahan row came with migration 0048).
  const provinces = (
    await one<{ list: { id: number; lahan: number }[] }>(
      `SELECT json_agg(json_build_object('id', id, 'lahan', n) ORDER BY n DESC) AS list FROM (
         SELECT d.province_id AS id, count(*)::int AS n FROM lahan l JOIN locations o ON o.id = l.location_id
         JOIN sub_districts s ON s.id = o.sub_district_id JOIN districts d ON d.id = s.district_id GROUP BY 1) p`,
    )
  ).list;
  const lahan = (await one<{ n: number }>(`SELECT count(*)::int AS n FROM lahan`)).n;

  const { get, record, of } = timedGets(app, token);
  for (let round = 0; round < WARMUP + RUNS; round++) {
    for (const page of PAGES)
      for (const province of provinces) {
        const ms = await get(`/api/v1/lahan?province_id=${province.id}&${page.query}`);
        const peer = await get('/api/v1/lahan?limit=10');
        if (round < WARMUP) continue;
        record(`${page.name}|${province.id}`, ms);
        record('peer', peer);
      }
    console.log(`${label}: round ${round + 1} of ${WARMUP + RUNS}`);
  }

  const explained: Measured['explained'] = [];
  for (const province of [provinces.at(-1)!, provinces[0]!])
    for (const page of PAGES) {
      const call = `${page.name}, province ${province.id} (${province.lahan.toLocaleString('en')} lahan)`;
      const url = `/api/v1/lahan?province_id=${province.id}&${page.query}`;
      for (const statement of await catcher.during(() => get(url)))
        explained.push({ call, statement, ...planFigures(await explainAnalyze(db, sql.raw(statement))) });
    }
  return {
    label,
    kind: database.kind,
    lahan,
    explained,
    peer: median(of('peer')),
    pages: PAGES.map((page) => ({
      name: page.name,
      provinces: provinces.map((p) => ({ ...p, p50: median(of(`${page.name}|${p.id}`)) })),
    })),
  } satisfies Measured;
}

const ms = (n: number) => n.toFixed(1);

function section(results: Measured[], load: number[]) {
  const lines = [
    `## bench:province ${LABEL ?? ''}`.trimEnd(),
    '',
    "What: the admin's lahan list narrowed to each province (`GET /api/v1/lahan?province_id=…`), one request at a " +
      `time through the whole app (\`app.inject\`), ${RUNS} timed of each after ${WARMUP} untimed; the peer, the ` +
      "unfiltered list's page 1, asked after every call. Ratio = p50 over the peer's p50. Target: every province " +
      `within ${TARGET_MS} ms. Load average ${load.map((l) => l.toFixed(1)).join(', ')} at the end ` +
      `(${new Date().toISOString().slice(0, 16)} UTC). Command: \`BENCH_LABEL=… npm run bench:province\`.`,
  ];
  for (const r of results) {
    lines.push(
      '',
      `### ${r.label} (${r.lahan.toLocaleString('en')} lahan; peer p50 ${ms(r.peer)} ms)`,
      '',
      `| call | provinces | over ${TARGET_MS} ms | p50 of the provinces' p50 | slowest province (its lahan) | slowest ÷ peer |`,
      '| --- | --: | --: | --: | --: | --: |',
      ...r.pages.map((page) => {
        const p50s = page.provinces.map((p) => p.p50);
        const slowest = page.provinces.reduce((a, b) => (b.p50 > a.p50 ? b : a));
        return (
          `| ${page.name} | ${page.provinces.length} | ${p50s.filter((v) => v > TARGET_MS).length} | ` +
          `${ms(quantile(p50s, 0.5))} | ${ms(slowest.p50)} (${slowest.id}: ${slowest.lahan.toLocaleString('en')}) | ` +
          `${(slowest.p50 / r.peer).toFixed(2)} |`
        );
      }),
      '',
      'EXPLAIN (ANALYZE, BUFFERS) of the statements of each page, for the province with the fewest lahan and the one ' +
        'with the most:',
      '',
      ...planTable(r.explained),
    );
  }
  return lines.join('\n') + '\n';
}

async function main() {
  const results: Measured[] = [];
  for (const { label, open } of benchDatabases('h_scale_100k,h_scale_1m'))
    results.push(await measure(label, await open()));
  const text = section(results, loadavg());
  console.log(`\n${text}`);
  if (LABEL) {
    await writeSection(`## bench:province ${LABEL}`, text);
    writeExplained(
      'province',
      'The lahan list narrowed to a province (issue 28), as the app ran it in bench:province (bench/lahan-province.ts).',
      results,
    );
  }
}

runBench(main);
