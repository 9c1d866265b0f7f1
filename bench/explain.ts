/**
 * Running a statement under EXPLAIN (ANALYZE, BUFFERS) in a benchmark, and what its plan says; catching the
 * statements a call runs, and writing them as a psql script with their plans (bench/sql).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Database, type Db, type Tx } from '../src/server/db/engine/client.js';

/** The plan's lines of `statement`, run once under EXPLAIN (ANALYZE, BUFFERS). */
export const explainAnalyze = async (db: Db | Tx, statement: SQL) =>
  (await queryRows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS) ${statement}`)).map(
    (r) => r['QUERY PLAN'],
  );

/** A plan's planning and execution times (ms) and the scans it ran (kind, index, table), each named once. */
export function planFigures(plan: string[]) {
  const text = plan.join('\n');
  const ms = (name: string) => Number(new RegExp(`${name} Time: ([\\d.]+) ms`).exec(text)?.[1]);
  const scans = [
    ...new Set(
      plan
        .map((line) =>
          /(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan) (?:Backward )?(?:using (\S+) )?on (\S+)/.exec(
            line,
          ),
        )
        .filter((m) => m !== null)
        .map((m) => `${m[1]}${m[2] ? ` ${m[2]}` : ''} on ${m[3]}`),
    ),
  ];
  return { planning: ms('Planning'), execution: ms('Execution'), scans, text };
}

/** A parameter as text: an array as PostgreSQL's array literal (`{1,2}`, `{"a b"}`). */
const paramText = (param: unknown): string =>
  Array.isArray(param)
    ? `{${param.map((e) => (typeof e === 'number' ? String(e) : `"${String(e).replace(/["\\]/g, '\\$&')}"`)).join(',')}}`
    : String(param);

/** A statement with its parameters written in, for psql and EXPLAIN (drizzle numbers them $1…). */
function inlined(text: string, params: unknown[]): string {
  return params.reduceRight<string>((sqlText, param, i) => {
    const value =
      typeof param === 'number' || typeof param === 'bigint'
        ? String(param)
        : param === null
          ? 'NULL'
          : `'${paramText(param).replaceAll("'", "''")}'`;
    return sqlText.replaceAll(`$${i + 1}`, value);
  }, text);
}

/** Records every statement the app's database runs while `catching` is on (drizzle's logger, read per query). */
export function catchStatements(db: Database['db']) {
  const caught: string[] = [];
  let catching = false;
  (db as unknown as { session: { logger: unknown } }).session.logger = {
    logQuery: (query: string, params: unknown[]) => {
      if (catching) caught.push(inlined(query, params));
    },
  };
  return {
    async during<T>(work: () => Promise<T>): Promise<string[]> {
      caught.length = 0;
      catching = true;
      try {
        await work();
      } finally {
        catching = false;
      }
      return [...new Set(caught)];
    },
  };
}

/** A statement run under EXPLAIN for a call, with its plan's figures (planFigures). */
export type Explained = { call: string; statement: string } & ReturnType<typeof planFigures>;

/** The lines of a Markdown table of `explained`: each statement's start, its times and its scans. */
export const planTable = (explained: Explained[]) => [
  '| call | statement | planning ms | execution ms | scans |',
  '| --- | --- | --: | --: | --- |',
  ...explained.map(
    (p) =>
      `| ${p.call} | ${p.statement.replace(/\s+/g, ' ').slice(0, 60).replaceAll('|', '\\|')}… | ${p.planning} | ` +
      `${p.execution} | ${p.scans.join('; ')} |`,
  ),
];

/**
 * Writes `bench/sql/<name>-explain.sql` (the statements, runnable with psql on any seed:scale database: `about`
 * says which) and `bench/sql/<name>-plans.txt` (their plans, under a heading per database measured).
 */
export function writeExplained(
  name: string,
  about: string,
  measured: { label: string; kind: string; explained: Explained[] }[],
) {
  const dir = path.resolve(import.meta.dirname, 'sql');
  const oneLine = (statement: string) => statement.replace(/\s+/g, ' ').trim();
  const script = [
    `-- ${about}`,
    `-- For EXPLAIN ANALYZE on a seed:scale database: psql -d <database> -f bench/sql/${name}-explain.sql.`,
    ...measured[0]!.explained.map(
      (p) => `\\echo == ${p.call}\nexplain (analyze, buffers) ${oneLine(p.statement)};`,
    ),
  ].join('\n');
  writeFileSync(path.join(dir, `${name}-explain.sql`), `${script}\n`);
  const at = new Date().toISOString().slice(0, 16);
  const plans = measured.flatMap((m, i) => [
    `${i ? '\n' : ''}-- EXPLAIN (ANALYZE, BUFFERS) on ${m.label} (${m.kind}), ${at} UTC`,
    ...m.explained.map((p) => `\n== ${p.call}\n${oneLine(p.statement)}\n\n${p.text}`),
  ]);
  writeFileSync(path.join(dir, `${name}-plans.txt`), `${plans.join('\n')}\n`);
}
