import { and, sql, type SQL } from 'drizzle-orm';
import type { CountQuery } from '../../db/lists/list-spec.js';
import { lahan, listCounts } from '../../db/schema.js';

/*
 * The exact total of a lahan list narrowed by area, read mostly from the counters per area bin (migration
 * 0016_lahan_area_counts: list_counts entity 'lahan_area', k1 the bin, k2 'status:verified'): the bins wholly
 * inside [min, max] are summed; the rows of the bins the bounds fall in — a bin spans about 9 % of its areas —
 * are counted by the list's own condition, which then reads at most two bins of lahan_luas_idx rather than
 * every matching entry (228,000 of 300,000 for luas_min=10000).
 */

interface AreaKeys {
  /** The bound placeholders of the area range (at least one). */
  min?: unknown;
  max?: unknown;
  /** The one status the list is narrowed to, and the owner's verification ('true' / 'false'), if any. */
  status?: unknown;
  verified?: unknown;
}

const binOf = (area: unknown) => sql`lahan_area_bin(${area}::double precision)`;
const keyOf = (bin: SQL) => sql`lahan_area_key(${bin})`;

/**
 * The total of `where` (the list's whole condition: the area range, the status and the verification, the
 * viewer's visibility) when nothing else narrows it.
 */
export function areaTotal(where: SQL | undefined, { min, max, status, verified }: AreaKeys): CountQuery {
  const part = (extra: SQL) => sql`(select count(*) from ${lahan} where ${and(where, extra)})`;
  const within = [
    sql`${listCounts.entity} = 'lahan_area'`,
    min === undefined ? undefined : sql`${listCounts.k1} > ${keyOf(binOf(min))}`,
    max === undefined ? undefined : sql`${listCounts.k1} < ${keyOf(binOf(max))}`,
    status === undefined ? undefined : sql`split_part(${listCounts.k2}, ':', 1) = ${status}`,
    verified === undefined ? undefined : sql`split_part(${listCounts.k2}, ':', 2) = ${verified}`,
  ];
  const terms = [
    sql`(select coalesce(sum(${listCounts.n}), 0) from ${listCounts} where ${and(...within)})`,
    // The rows of min's bin (and of max's, when it is the same one).
    min === undefined ? undefined : part(sql`${lahan.luas_lahan} < lahan_area_edge(${binOf(min)} + 1)`),
    // The rows of max's bin, when it is another one.
    max === undefined
      ? undefined
      : part(
          and(
            sql`${lahan.luas_lahan} >= lahan_area_edge(${binOf(max)})`,
            min === undefined ? undefined : sql`${binOf(max)} > ${binOf(min)}`,
          )!,
        ),
  ].filter((term) => term !== undefined);
  return { count: () => sql<number>`${sql.join(terms, sql` + `)}` };
}
