import { asc, desc, ilike, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%q%` with LIKE's wildcards in `q` escaped, for a case-insensitive substring match. */
export const likePattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search: every whitespace-separated word of `q` must occur (case-insensitively) in one of `columns`.
 * Returns undefined for an empty query, so it can go straight into `and(...)`.
 */
export function searchWords(q: string | undefined, columns: (AnyColumn | SQL)[]): SQL | undefined {
  const words = (q ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((w) => sql`(${or(...columns.map((c) => ilike(c, likePattern(w))))})`),
    sql` AND `,
  );
}

/** ORDER BY the allow-listed sort key (falling back to `fallback`), then by id for a stable page order. */
export function orderBy<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  sort: K | undefined,
  order: 'asc' | 'desc' | undefined,
  fallback: K,
  id: AnyColumn,
): SQL[] {
  const direction = order === 'asc' ? asc : desc;
  return [direction(columns[sort ?? fallback]), direction(id)];
}

/** `LIMIT`/`OFFSET` of a 1-based page. */
export const pageWindow = (page: number, limit: number) => ({ limit, offset: (page - 1) * limit });
