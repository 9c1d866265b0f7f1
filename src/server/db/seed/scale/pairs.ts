import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Tx } from '../../client.js';
import { pairsOf } from '../../search-pairs.js';
import { hasTable, rowsOfQuery, type Step } from './sql.js';

/** The tables whose search_pairs the triggers of migrations 0015_search_pairs, 0017 keep, and their key columns. */
const PAIRED = [
  ['lahan', 'status'],
  ['users', 'role'],
  ['contracts', 'status'],
] as const;

/** How long the counting keeps the event loop before it lets the index builds' answers in (ms). */
const SLICE_MS = 5;

interface PairCount {
  p: string;
  k: string;
  n: number;
}

/**
 * Counts the short pieces of search_text (search_pairs, migrations 0015, 0017: db/search-pairs.ts) over every
 * row of the paired tables, once their rows are loaded: their triggers are off during the load, with the
 * search_text ones. In Node (expanding 300k lahan texts in SQL took 23 s), and beside `meanwhile` — the index
 * builds, one core each (PostgreSQL builds, Node counts). Skipped on a schema without search_pairs (bench:scale
 * of an older commit).
 */
export async function countPairs(step: Step, tx: Tx, meanwhile: () => Promise<void>): Promise<void> {
  if (!(await hasTable(tx, 'search_pairs'))) return meanwhile();
  const texts = await Promise.all(
    PAIRED.map(([table, key]) =>
      rowsOfQuery<{ k: string; t: string }>(tx, `SELECT ${key}::text AS k, search_text AS t FROM ${table}`),
    ),
  );
  const [counts] = await Promise.all([Promise.all(texts.map(countSliced)), meanwhile()]);
  for (const [i, [table]] of PAIRED.entries()) {
    await step(`DELETE FROM search_pairs WHERE entity = '${table}'`);
    await tx.execute(sql`INSERT INTO search_pairs (entity, pair, k, n)
      SELECT ${table}, p, k, n FROM json_to_recordset(${JSON.stringify(counts[i])}::json)
        AS c(p text, k text, n bigint)`);
  }
}

/** The pair counts of `texts` per key, yielding every SLICE_MS so that the connection's answers are read. */
async function countSliced(texts: { k: string; t: string }[]): Promise<PairCount[]> {
  const counts = new Map<string, PairCount>();
  let sliceStart = performance.now();
  for (const { k, t } of texts) {
    for (const p of pairsOf(t)) {
      const counted = counts.get(`${k}\n${p}`);
      if (counted) counted.n++;
      else counts.set(`${k}\n${p}`, { p, k, n: 1 });
    }
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return [...counts.values()];
}
