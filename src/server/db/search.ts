import { and, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%q%` with LIKE's wildcards in `q` escaped, for a substring match. */
export const likePattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** At most this many words of `q` are searched. */
const MAX_WORDS = 8;

/**
 * Search: every whitespace-separated word of `q` must occur, in any case, in one of the fields a list
 * searches. `column` is that list's `search_text` (schema.ts): the fields lower-cased, one per line,
 * kept by triggers; `LIKE '%word%'` on it is served by its trigram GIN index. The word is lower-cased by
 * the same `lower()` that built the column, so this matches exactly what ILIKE on each field did.
 * Returns undefined for an empty query, so it can go straight into `and(...)`.
 */
export function searchCondition(column: AnyColumn, q: string | undefined): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  if (words.length === 0) return undefined;
  return and(...words.map((word) => sql`${column} LIKE lower(${likePattern(word)})`));
}
