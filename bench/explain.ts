/** Running a statement under EXPLAIN (ANALYZE, BUFFERS) in a benchmark, and what its plan says. */
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db, type Tx } from '../src/server/db/engine/client.js';

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
