import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { asValue, type Bind } from '../lists/prebuilt.js';

/** `%q%` with LIKE's wildcards in `q` escaped, for a substring match. */
export const likePattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** At most this many words of `q` are searched. */
const MAX_WORDS = 8;

/** The words of `q` a search looks for: whitespace-separated, at most MAX_WORDS. */
export const searchWords = (q: string | undefined) =>
  (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);

/**
 * Search: every whitespace-separated word of `q` must occur, in any case, in one of the fields a list
 * searches. `column` is that list's `search_text` (schema.ts): the fields lower-cased, one per line,
 * kept by triggers; `LIKE '%word%'` on it is served by its trigram GIN index. The word is lower-cased by
 * the same `lower()` that built the column, so this matches exactly what ILIKE on each field did.
 * Returns undefined for an empty query, so it can go straight into `and(...)`. `bind` names the patterns
 * `q0`, `q1`… for a prebuilt statement (db/lists/prebuilt.ts).
 */
export function searchCondition(
  column: AnyColumn,
  q: string | undefined,
  bind: Bind = asValue,
): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return and(...words.map((word, i) => sql`${column} LIKE lower(${bind(`q${i}`, likePattern(word))})`));
}
