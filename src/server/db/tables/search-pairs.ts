import { bigint, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

/*
 * How many rows of a list have each piece of one or two characters, or of three with a character outside the
 * words' (`+62`), in their search_text (db/search-pairs.ts):
 * a search for a word that short has no trigram to find its rows by, or is in most rows, so its exact total is
 * read from here. Per list (`entity`), piece (`pair`) and status or role (`k`); kept by the statement-level
 * triggers of migration 0015_search_pairs (pieces of three characters since 0017_search_triples) in the writing
 * transaction. As in list_counts, each database connection adds into rows of
 * its own (`shard`: its backend pid), so writers never wait for one another here; the rows of connections that
 * have gone are folded into live ones now and then.
 */
export const searchPairs = pgTable(
  'search_pairs',
  {
    entity: text('entity').notNull(),
    pair: text('pair').notNull(),
    k: text('k').notNull(),
    shard: integer('shard').notNull().default(0),
    n: bigint('n', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.entity, t.pair, t.k, t.shard] })],
);
