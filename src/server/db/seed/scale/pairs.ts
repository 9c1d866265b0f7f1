import { sql } from 'drizzle-orm';
import type { Tx } from '../../client.js';
import { pieceKeys, pieceText } from '../../search-pairs.js';
import { inSlices } from './slices.js';
import { hasTable, rowsOfQuery, type Step } from './sql.js';

/** The tables whose search_pairs the triggers of migrations 0015_search_pairs, 0017 keep, and their key columns. */
const PAIRED = { lahan: 'status', users: 'role', contracts: 'status' } as const;

interface PairCount {
  p: string;
  k: string;
  n: number;
}

type Paired = keyof typeof PAIRED;

/**
 * Counts the short pieces of search_text (search_pairs, migrations 0015, 0017: db/search-pairs.ts) over every
 * row of the paired tables, in Node (expanding 300k lahan texts in SQL took 23 s): their triggers are off during
 * the load, with the search_text ones. Each table is counted once its texts and keys are final, beside the load's
 * next statements (inSlices); `write` replaces their pairs once all are counted. Nothing on a schema without
 * search_pairs (bench:scale of an older commit).
 */
export function pairCounter(tx: Tx) {
  const counting = new Map<Paired, Promise<PairCount[]>>();
  let paired: Promise<boolean> | undefined;
  return {
    /** Reads `table`'s texts and keys, final from here on, and counts them beside what the load does next. */
    async count(table: Paired): Promise<void> {
      if (!(await (paired ??= hasTable(tx, 'search_pairs')))) return;
      const texts = await rowsOfQuery<{ k: string; t: string }>(
        tx,
        `SELECT ${PAIRED[table]}::text AS k, search_text AS t FROM ${table}`,
      );
      const counts = countPieces(texts);
      counts.catch(() => {}); // awaited by `write`; a load that fails before reports its own error
      counting.set(table, counts);
    },
    /** Replaces every paired table's search_pairs with its counts, once made. */
    async write(step: Step): Promise<void> {
      if (!(await (paired ??= hasTable(tx, 'search_pairs')))) return;
      const uncounted = Object.keys(PAIRED).filter((table) => !counting.has(table as Paired));
      if (uncounted.length)
        throw new Error(`seed:scale: the search pairs of ${uncounted.join(', ')} were not counted`);
      for (const [table, counts] of counting) {
        const rows = await counts;
        await step(`DELETE FROM search_pairs WHERE entity = '${table}'`);
        await step(
          sql`INSERT INTO search_pairs (entity, pair, k, n)
            SELECT ${table}, p, k, n FROM json_to_recordset(${JSON.stringify(rows)}::json) AS c(p text, k text, n bigint)`,
          `INSERT INTO search_pairs (${table}: ${rows.length} rows)`,
        );
      }
    },
  };
}

/** The pair counts of `texts` per key. */
async function countPieces(texts: { k: string; t: string }[]): Promise<PairCount[]> {
  const byKey = new Map<string, Map<number | string, number>>();
  await inSlices(texts, ({ k, t }) => {
    let counts = byKey.get(k);
    if (!counts) byKey.set(k, (counts = new Map()));
    for (const p of pieceKeys(t)) counts.set(p, (counts.get(p) ?? 0) + 1);
  });
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
