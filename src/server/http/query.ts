import { asc, desc, type AnyColumn, type SQL } from 'drizzle-orm';

/** `%q%` with LIKE's wildcards in `q` escaped, for a substring match (src/server/db/search.ts). */
export const likePattern = (q: string) => `%${q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

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
