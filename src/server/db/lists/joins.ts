import type { SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';

/** `LEFT JOIN` each table on its condition, in order. A dynamic query keeps its type through joins. */
export const leftJoinAll = <T extends PgSelect>(query: T, joins: ReadonlyArray<readonly [PgTable, SQL]>) =>
  joins.reduce<PgSelect>((joined, [table, on]) => joined.leftJoin(table, on), query) as T;
