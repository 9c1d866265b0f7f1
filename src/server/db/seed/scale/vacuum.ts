import { sql } from 'drizzle-orm';
import type { Db } from '../../client.js';
import { rowsOfQuery } from './sql.js';

/**
 * After the load: VACUUM ANALYZE of every table of the schema — merges the trigram indexes' pending entries,
 * marks the pages all-visible (index-only scans) and gathers the planner's statistics. Largest table first,
 * one at a time on each of `sessions` (on PostgreSQL one per core: each VACUUM and ANALYZE runs on one).
 */
export async function vacuumAnalyze(sessions: Db[]): Promise<void> {
  const queue = await rowsOfQuery<{ name: string }>(
    sessions[0]!,
    `SELECT quote_ident(relname) AS name FROM pg_class
     WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r'
     ORDER BY pg_total_relation_size(oid) DESC, relname`,
  );
  await Promise.all(
    sessions.map(async (db) => {
      for (let table = queue.shift(); table; table = queue.shift())
        await db.execute(sql.raw(`VACUUM (ANALYZE) ${table.name}`));
    }),
  );
}
