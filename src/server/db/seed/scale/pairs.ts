import { sql } from 'drizzle-orm';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Tx } from '../../client.js';
import { pieceKeys, pieceText } from '../../search-pairs.js';
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
  const byKey = new Map<string, Map<number | string, number>>();
  let sliceStart = performance.now();
  for (const { k, t } of texts) {
    let counts = byKey.get(k);
    if (!counts) byKey.set(k, (counts = new Map()));
    for (const p of pieceKeys(t)) counts.set(p, (counts.get(p) ?? 0) + 1);
    if (performance.now() - sliceStart > SLICE_MS) {
      await nextTurn();
      sliceStart = performance.now();
    }
  }
  return [...byKey].flatMap(([k, counts]) => {
    // A piece counted from texts within the BMP (a number) and from others (a string) is one row.
    const merged = new Map<string, number>();
    for (const [key, n] of counts) {
      const p = pieceText(key);
      merged.set(p, (merged.get(p) ?? 0) + n);
    }
    return [...merged].map(([p, n]) => ({ p, k, n }));
  });
}
