import { bigint, integer, numeric, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/**
 * Exact row counts of the listed tables, kept by statement-level triggers in the writing transaction
 * (migrations 0006_list_counts, 0008_list_counts_shards): per table (`entity`) and combination of its
 * enum columns (`k1`, `k2`, '' when the table has none), so that a list's total, unfiltered or filtered
 * by those enums, is a sum over a handful of rows. `amount` sums a measure (lahan: luas_lahan). Each
 * database connection adds into rows of its own (`shard`: its backend pid), so concurrent writers never
 * wait for one another on a counter; rows of connections that have gone are folded into live ones.
 */
export const listCounts = pgTable(
  'list_counts',
  {
    entity: text('entity').notNull(),
    k1: text('k1').notNull().default(''),
    k2: text('k2').notNull().default(''),
    shard: integer('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
    amount: numeric('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.k1, t.k2, t.shard] })],
);
