import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Bind } from './prebuilt.js';
import { likePattern, searchWords } from './search.js';

/*
 * The exact number of accounts an account search finds, from indexes alone (migration 0014_search_words).
 * The search itself (db/search.ts) is `search_text LIKE '%word%'` for every word of `q`, which the trigram
 * index serves but must recheck row by row: at 100k accounts, a common name's count read ~1,800 pages of
 * users. Here each word of `q` is first matched against the vocabulary of words (small, trigram-indexed),
 * and the accounts that have one of those words are counted in user_words by an index-only scan.
 *
 * The two agree exactly: search_text's words are the maximal runs of WORD_CHARS in it, so a word of `q`
 * made of WORD_CHARS occurs in search_text if and only if it occurs in one of its words. A word of `q` with
 * any other character (an e-mail's '@' or '.', a phone's '+') can span words, and the list counts its rows.
 */

/** The characters of a word: ASCII letters and digits, and every other character of the BMP past ASCII. */
const WORD_CLASS = 'A-Za-z0-9\\u{80}-\\u{FFFF}';
export const WORD_CHARS = new RegExp(`^[${WORD_CLASS}]+$`, 'u');
const BETWEEN_WORDS = new RegExp(`[^${WORD_CLASS}]+`, 'u');

/**
 * The distinct words of a search_text, as search_words_of (migration 0014_search_words) makes them: for a bulk
 * load, which finds them in Node rather than splitting every account's text in SQL.
 */
export const wordsOf = (text: string): string[] => [...new Set(text.split(BETWEEN_WORDS))].filter(Boolean);

/**
 * At most this many words of the vocabulary per word of `q`: a common piece ('812' is in most phone numbers)
 * is in a good part of the vocabulary, and the rows are counted instead, as fast as before this index,
 * where the words would mean one index probe per word. A word of one or two characters has no trigram to
 * find its words by, and is counted on the rows too.
 */
const MAX_VOCABULARY = 1000;

/**
 * The count of the accounts (of `role`, when given) whose search_text has every word of `q`, given `rows`,
 * the count of the rows the list's `where` finds; undefined when `q` has no words or a word with characters
 * between words. Binds the patterns under the names searchCondition gives them (`q0`, `q1`…).
 */
export function accountSearchTotal(
  q: string | undefined,
  role: unknown | Placeholder | undefined,
  bind: Bind,
): ((rows: SQL<number>) => SQL<number>) | undefined {
  const words = searchWords(q);
  if (words.length === 0 || !words.every((word) => WORD_CHARS.test(word) && [...word].length >= 3))
    return undefined;
  const ofRole = role === undefined ? sql`` : sql` and role = ${role}`;
  // Each word's matching vocabulary is read once, as a column of `v` (OFFSET 0: not pulled up and so
  // copied into each place that uses it), for the test of its size and for the count.
  const vocabulary = words.map(
    (word, i) => sql`array(select word from search_words
      where word like lower(${bind(`q${i}`, likePattern(word))}) limit ${sql.raw(String(MAX_VOCABULARY + 1))}) as v${sql.raw(String(i))}`,
  );
  const matching = words.map((_, i) => sql.raw(`v.v${i}`));
  const having = matching.map((m) => sql`select user_id from user_words where word = any(${m})${ofRole}`);
  // One word: an account has each of its words once, but may have several of the words that match.
  const counted =
    having.length === 1
      ? sql`select count(distinct m.user_id) from (${having[0]}) m`
      : sql`select count(*) from (${sql.join(having, sql` intersect `)}) m`;
  const small = sql.join(
    matching.map((m) => sql`cardinality(${m}) <= ${sql.raw(String(MAX_VOCABULARY))}`),
    sql` and `,
  );
  // The count of the rows runs only when its branch is taken.
  return (rows) =>
    sql<number>`select case when ${small} then (${counted}) else ${rows} end
      from (select ${sql.join(vocabulary, sql`, `)} offset 0) v`;
}
