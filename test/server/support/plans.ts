import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../../src/server/db/engine/client.js';

/**
 * The plan of `query` (EXPLAIN, JSON as text) with sequential scans off: what an index that serves it is named
 * in; a query no index serves still shows its Seq Scan.
 */
export async function indexPlan(db: Db, query: SQLWrapper): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const result = (await tx.execute(sql`explain (format json) ${query}`)) as unknown as {
      rows: { 'QUERY PLAN': unknown }[];
    };
    const text = result.rows[0]!['QUERY PLAN'];
    return typeof text === 'string' ? text : JSON.stringify(text);
  });
}
