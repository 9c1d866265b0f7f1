import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../engine/client.js';
import { PENDING_INDEXES } from './bulk.js';
import { hasTable, literal, rowsOfQuery } from './sql.js';

/** Whether a load's indexes may still be to build: an interrupted run left its list. */
export const pendingIndexes = (db: Db) => hasTable(db, PENDING_INDEXES);

interface Job {
  table: string;
  /** Index builds first; a table's VACUUM waits for its index builds (their locks conflict). */
  kind: 'index' | 'vacuum';
  run(db: Db): Promise<void>;
}

/**
 * After the load's commit, side by side on `sessions` (on PostgreSQL one connection per core; each statement
 * runs on one core), each session taking the next job that may start:
 * - the secondary indexes the load left in scale_pending_indexes (scale/bulk.ts), the trigram ones first (a
 *   GIN build is the longest job, one core each), then the others, largest table first; each struck off the
 *   list once built, the list dropped when all are — so this also finishes the indexes of a run that stopped
 *   between its commit and here;
 * - then VACUUM ANALYZE of every table, once its indexes are built (it waits for their builds' locks anyway):
 *   marks the pages all-visible (index-only scans) and gathers the planner's statistics, those of the
 *   indexes' expressions included. The load updates no row of a loaded table, so the vacuum has no dead row
 *   to clear from the new indexes.
 * `log` hears each statement's first words and seconds. Answers how many indexes were built.
 */
export async function finishLoad(sessions: Db[], log: (line: string) => void = () => {}): Promise<number> {
  const first = sessions[0]!;
  const listed = await pendingIndexes(first);
  const pending = listed
    ? await rowsOfQuery<{ definition: string; table: string }>(
        first,
        `SELECT p.definition, quote_ident(p.table_name) AS table FROM ${PENDING_INDEXES} p
         ORDER BY p.definition !~* ' USING gin ', pg_total_relation_size(to_regclass(p.table_name)) DESC,
           p.definition`,
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
  const jobs: Job[] = [
    ...pending.map(({ definition, table }): Job => ({
      table,
      kind: 'index',
      run: async (db) => {
        // A build that an interrupted run had finished but not yet struck off.
        await run(db, definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
        await db.execute(sql.raw(`DELETE FROM ${PENDING_INDEXES} WHERE definition = ${literal(definition)}`));
      },
    })),
    ...tables.map(({ name }): Job => ({
      table: name,
      kind: 'vacuum',
      run: (db) => run(db, `VACUUM (ANALYZE) ${name}`),
    })),
  ];
  await drain(sessions, jobs, (db) => db.execute(sql`SET maintenance_work_mem = '256MB'`));
  if (listed) await first.execute(sql.raw(`DROP TABLE ${PENDING_INDEXES}`));
  return pending.length;
}

/**
 * Runs `jobs`, each session taking the first that may start (a VACUUM once no index build of its table is
 * waiting or running), or waiting for a running one to end.
 */
async function drain(sessions: Db[], jobs: Job[], prepare: (db: Db) => Promise<unknown>) {
  const running = new Set<Promise<void>>();
  /** Index builds running, by table. */
  const building = new Map<string, number>();
  const queued = (table: string) => jobs.some((j) => j.kind === 'index' && j.table === table);
  const mayStart = (job: Job) => job.kind === 'index' || (!queued(job.table) && !building.get(job.table));
  await Promise.all(
    sessions.map(async (db) => {
      await prepare(db);
      while (jobs.length) {
        const next = jobs.findIndex(mayStart);
        if (next < 0) {
          await Promise.race(running);
          continue;
        }
        const [job] = jobs.splice(next, 1) as [Job];
        if (job.kind === 'index') building.set(job.table, (building.get(job.table) ?? 0) + 1);
        const done = job.run(db).finally(() => {
          running.delete(done);
          if (job.kind === 'index') building.set(job.table, building.get(job.table)! - 1);
        });
        running.add(done);
        await done;
      }
    }),
  );
}
