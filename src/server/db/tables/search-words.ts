import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { trgm } from './columns.js';
import { roleEnum, users } from './people.js';

/*
 * The words of the accounts' search_text, so that an account search counts its matches from indexes alone
 * (db/word-search.ts). A word is a maximal run of letters, digits and non-ASCII characters: a word of `q`
 * made only of those occurs in search_text exactly when it occurs in one of its words. Kept by the triggers
 * of migration 0014_search_words in the writing transaction.
 */

/** Every word any account's search_text has had (a word no account has any more finds no account). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  trgm('search_words_trgm', t.word),
]);

/** Which accounts have which word, by role: the count of a search is an index-only scan of this. */
export const userWords = pgTable(
  'user_words',
  {
    word: text('word').notNull(),
    role: roleEnum('role').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.word, t.role, t.user_id] }), index('user_words_user_idx').on(t.user_id)],
);
