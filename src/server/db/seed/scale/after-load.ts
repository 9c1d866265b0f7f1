import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import type { Db } from '../../engine/client.js';
import { isRestore, PENDING_INDEXES, referenced } from './bulk.js';
import { hasTable, literal, rowsOfQuery } from './sql.js';

/** A trigram index (GIN, or GiST with the box: lahan_centroid_search_gist), the longest builds. */
const TRIGRAM_INDEX = / USING gin |gist_trgm_ops/i;

/** Whether a load's indexes may still be to build: an interrupted run left its list. */
export const pendingIndexes = (db: Db) => hasTable(db, PENDING_INDEXES);

interface Job {
  /** Its table, and for a foreign key the table it references. */
  tables: string[];
  /**
   * A table's VACUUM waits for its index builds and foreign keys (their locks conflict); a foreign key for
   * anything else on its two tables (else it would hold up a connection waiting).
   */
  kind: 'index' | 'restore' | 'vacuum';
  /** Trigram index builds (the longest), then the other index builds and foreign keys, then VACUUMs. */
  rank: number;
  run(db: Db): Promise<void>;
}

/**
 * The work after a load's commits, side by side on connections that each take the next job that may start
 * (on PostgreSQL one connection per core; each statement runs on one core):
 * - the secondary indexes the load left in scale_pending_indexes (scale/bulk.ts), the trigram ones first (a
 *   trigram build is the longest job, one core each), then the others, largest table first; each struck off the
 *   list once built, the list dropped when all are — so this also finishes the indexes of a run that stopped;
 * - then VACUUM ANALYZE of each table, once its indexes are built (it waits for their builds' locks anyway):
 *   marks the pages all-visible (index-only scans) and gathers the planner's statistics, those of the
 *   indexes' expressions included. The load updates no row of a loaded table, so the vacuum has no dead row
 *   to clear from the new indexes.
 * `add` queues the jobs of some tables (a stage just committed) or of all that are left; `work` sets a
 * connection taking jobs until `close` has been called and the queue is empty; `close` answers once all
 * connections are done, with the number of indexes built.
 */
export function afterLoad(log: (line: string) => void = () => {}) {
  const jobs: Job[] = [];
  const workers: Promise<void>[] = [];
  const running = new Set<Promise<void>>();
  /** Jobs running, by table. */
  const busy = new Map<string, number>();
  /** The index definitions and tables whose jobs were queued. */
  const seen = new Set<string>();
  let first: Db | undefined;
  let closed = false;
  let built = 0;
  let wake = () => {};
  let woken = new Promise<void>((resolve) => (wake = resolve));
  const signal = () => {
    wake();
    woken = new Promise<void>((resolve) => (wake = resolve));
  };
  const queued = (table: string) => jobs.some((j) => j.kind !== 'vacuum' && j.tables[0] === table);
  const mayStart = ({ kind, tables }: Job) =>
    kind === 'index' ||
    (kind === 'restore' && tables.every((t) => !busy.get(t))) ||
    (kind === 'vacuum' && !queued(tables[0]!) && !busy.get(tables[0]!));
  const strike = (db: Db, definition: string) =>
    db.execute(sql.raw(`DELETE FROM ${PENDING_INDEXES} WHERE definition = ${literal(definition)}`));
  const run = async (db: Db, text: string) => {
    const started = performance.now();
    await db.execute(sql.raw(text));
    const words = text
      .replace(' IF NOT EXISTS', '')
      .trim()
      .split(/\s+/)
      .slice(0, text.startsWith('ALTER') ? 6 : 3)
      .join(' ');
    log(`${words} … ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  return {
    /**
     * Queues the index builds, foreign keys left to add and VACUUMs of `tables`, or of everything left (`db`
     * reads the list).
     */
    async add(db: Db, tables?: readonly string[]) {
      first ??= db;
      const only = tables ? `AND p.table_name = ANY(ARRAY[${tables.map(literal).join(',')}]::text[])` : '';
      const pending = (await pendingIndexes(db))
        ? await rowsOfQuery<{ definition: string; table: string }>(
            db,
            `SELECT p.definition, quote_ident(p.table_name) AS table FROM ${PENDING_INDEXES} p
             WHERE true ${only}
             ORDER BY p.definition !~* ${literal(TRIGRAM_INDEX.source)}, pg_total_relation_size(to_regclass(p.table_name)) DESC,
               p.position, p.definition`,
          )
        : [];
      const names = tables ? `AND relname = ANY(ARRAY[${tables.map(literal).join(',')}]::text[])` : '';
      const vacuums = (
        await rowsOfQuery<{ name: string }>(
          db,
          `SELECT quote_ident(relname) AS name FROM pg_class
           WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' AND relname <> '${PENDING_INDEXES}'
             ${names}
           ORDER BY pg_total_relation_size(oid) DESC, relname`,
        )
      ).filter(({ name }) => !seen.has(`vacuum ${name}`));
      const builds = pending.filter(({ definition }) => !seen.has(definition));
      for (const { name } of vacuums) seen.add(`vacuum ${name}`);
      for (const { definition } of builds) seen.add(definition);
      jobs.push(
        ...builds.map(({ definition, table }): Job => {
          if (isRestore(definition)) {
            const tables = [table, referenced(definition) ?? table];
            const add = async (db: Db) => {
              await run(db, definition);
              await strike(db, definition);
            };
            return { tables, kind: 'restore', rank: 1, run: add };
          }
          return {
            tables: [table],
            kind: 'index',
            rank: TRIGRAM_INDEX.test(definition) ? 0 : 1,
            run: async (db) => {
              // A build that an interrupted run had finished but not yet struck off.
              await run(db, definition.replace(/^CREATE INDEX /, 'CREATE INDEX IF NOT EXISTS '));
              await strike(db, definition);
              built += 1;
            },
          };
        }),
        ...vacuums.map(({ name }): Job => ({
          tables: [name],
          kind: 'vacuum',
          rank: 2,
          run: (db) => run(db, `VACUUM (ANALYZE) ${name}`),
        })),
      );
      // Whichever stage they came from (a stable sort: each keeps its table order).
      jobs.sort((a, b) => a.rank - b.rank);
      signal();
    },
    work(db: Db) {
      workers.push(
        (async () => {
          await db.execute(sql`SET maintenance_work_mem = '256MB'`);
          for (;;) {
            const next = jobs.findIndex(mayStart);
            if (next < 0) {
              if (closed && !jobs.length) return;
              await Promise.race([...running, woken]);
              continue;
            }
            const [job] = jobs.splice(next, 1) as [Job];
            for (const t of job.tables) busy.set(t, (busy.get(t) ?? 0) + 1);
            const done = job.run(db).finally(() => {
              running.delete(done);
              for (const t of job.tables) busy.set(t, busy.get(t)! - 1);
              signal();
            });
            running.add(done);
            await done;
          }
        })(),
      );
    },
    async close(): Promise<number> {
      closed = true;
      signal();
      await Promise.all(workers);
      if (first && (await pendingIndexes(first))) {
        const [left] = await rowsOfQuery<{ n: number }>(
          first,
          `SELECT count(*)::int AS n FROM ${PENDING_INDEXES}`,
        );
        if (!left!.n) await first.execute(sql.raw(`DROP TABLE ${PENDING_INDEXES}`));
      }
      return built;
    },
  };
}

/**
 * All the work a load left, on `sessions`: first what puts back the keys, foreign keys, triggers and counters
 * of a stage that never committed (a run that stopped), on the first session; then every pending index build
 * and the VACUUM of every table (`afterLoad`). Answers how many indexes were built.
 */
export async function finishLoad(sessions: Db[], log: (line: string) => void = () => {}): Promise<number> {
  const db = sessions[0]!;
  if (await pendingIndexes(db)) {
    const restores = (
      await rowsOfQuery<{ definition: string }>(
        db,
        `SELECT definition FROM ${PENDING_INDEXES} ORDER BY position, definition`,
      )
    ).filter(({ definition }) => isRestore(definition));
    for (const { definition } of restores) {
      await db.transaction(async (tx) => {
        await tx.execute(sql.raw(definition));
        await tx.execute(sql.raw(`DELETE FROM ${PENDING_INDEXES} WHERE definition = ${literal(definition)}`));
      });
      log(`${definition.split(/\s+/).slice(0, 6).join(' ')} (put back)`);
    }
  }
  const after = afterLoad(log);
  await after.add(db);
  for (const session of sessions) after.work(session);
  return after.close();
}
