import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../engine/client.js';
import { PENDING_INDEXES } from './bulk.js';
import { hasTable, literal, rowsOfQuery } from './sql.js';

/** Whether a load's trigram indexes may still be to build: an interrupted run left its list. */
export const pendingIndexes = (db: Db) => hasTable(db, PENDING_INDEXES);

/**
 * After the load's commit, side by side on `sessions` (on PostgreSQL one connection per core; each statement
 * runs on one core), one job per table, largest first:
 * - VACUUM ANALYZE: marks the pages all-visible (index-only scans), gathers the planner's statistics and clears
 *   the row versions the load's updates left (lahan's statuses) — before the table's trigram indexes exist,
 *   since a vacuum reads every index whole to clear them;
 * - then the trigram indexes the load left in scale_pending_indexes (scale/bulk.ts), each struck off the list
 *   once built; the list is dropped when all are — so this also finishes the indexes of a run that stopped
 *   between its commit and here.
 * `log` hears each statement's first words and seconds. Answers how many indexes were built.
 */
export async function finishLoad(sessions: Db[], log: (line: string) => void = () => {}): Promise<number> {
  const first = sessions[0]!;
  const listed = await pendingIndexes(first);
  const pending = listed
    ? await rowsOfQuery<{ definition: string; table: string }>(
        first,
        `SELECT definition, quote_ident(table_name) AS table FROM ${PENDING_INDEXES} ORDER BY definition`,
      )
    : [];
  const tables = await rowsOfQuery<{ name: string }>(
    first,
    `SELECT quote_ident(relname) AS name FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname <> '${PENDING_INDEXES}'
     ORDER BY pg_total_relation_size(oid) DESC, relname`,
  );
  const run = async (db: Db, text: string) => {
    const started = performance.now();
    await db.execute(sql.raw(text));
    log(
      `${text.trim().split(/\s+/).slice(0, 4).join(' ')} … ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  };
  const jobs = tables.map(({ name }) => async (db: Db) => {
    await run(db, `VACUUM (ANALYZE) ${name}`);
    for (const { definition } of pending.filter((index) => index.table === name)) {
      // A build that an interrupted run had finished but not yet struck off.
      await run(db, definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
      await db.execute(sql.raw(`DELETE FROM ${PENDING_INDEXES} WHERE definition = ${literal(definition)}`));
    }
  });
  await drain(sessions, jobs, (db) => db.execute(sql`SET maintenance_work_mem = '256MB'`));
  if (listed) await first.execute(sql.raw(`DROP TABLE ${PENDING_INDEXES}`));
  return pending.length;
}

/** Runs `jobs` in order, each session taking the next as it is free. */
async function drain(
  sessions: Db[],
  jobs: ((db: Db) => Promise<void>)[],
  prepare?: (db: Db) => Promise<unknown>,
) {
  await Promise.all(
    sessions.map(async (db) => {
      await prepare?.(db);
      for (let job = jobs.shift(); job; job = jobs.shift()) await job(db);
    }),
  );
}
