import { sql } from 'drizzle-orm';
import type { Tx } from '../../client.js';
import { pairsOf } from '../../search-pairs.js';
import { hasTable, rowsOfQuery, type Step } from './sql.js';

/** The tables whose search_pairs the triggers of migration 0015_search_pairs keep, and their key columns. */
const PAIRED = [
  ['lahan', 'status'],
  ['users', 'role'],
] as const;

/**
 * Counts the one- and two-character pieces of search_text (search_pairs, migration 0015_search_pairs) over every
 * row of the paired tables, once the load is done: their triggers are off during it, with the search_text ones.
 * In Node: expanding 300k lahan texts in SQL took 23 s. Skipped on a schema without search_pairs (bench:scale of
 * an older commit).
 */
export async function countPairs(step: Step, tx: Tx): Promise<void> {
  if (!(await hasTable(tx, 'search_pairs'))) return;
  for (const [table, key] of PAIRED) {
    const texts = await rowsOfQuery<{ k: string; t: string }>(
      tx,
      `SELECT ${key}::text AS k, search_text AS t FROM ${table}`,
    );
    const counts = new Map<string, { p: string; k: string; n: number }>();
    for (const { k, t } of texts)
      for (const p of pairsOf(t)) {
        const counted = counts.get(`${k}\n${p}`);
        if (counted) counted.n++;
        else counts.set(`${k}\n${p}`, { p, k, n: 1 });
      }
    await step(`DELETE FROM search_pairs WHERE entity = '${table}'`);
    await tx.execute(sql`INSERT INTO search_pairs (entity, pair, k, n)
      SELECT ${table}, p, k, n FROM json_to_recordset(${JSON.stringify([...counts.values()])}::json)
        AS c(p text, k text, n bigint)`);
  }
}
