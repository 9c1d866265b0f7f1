import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { CountQuery, TotalSource } from './list-spec.js';
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
 * An account search served by the words' index: its exact count, and (when every word's vocabulary is small)
 * the ids it finds, so that a page of few matches is read from them instead of the sort index.
 */
export interface WordSearch extends CountQuery {
  /** One row: each word's matching vocabulary as a column `v0`, `v1`… (OFFSET 0: read once, not pulled up). */
  vocabulary: SQL;
  /** Over the vocabulary row as `alias`: every word's vocabulary is small, so `matching` is exact. */
  small: (alias: string) => SQL<boolean>;
  /** Over the vocabulary row as `alias`: the count, or `rows` (the filtered rows counted) when not small. */
  countOver: (alias: string, rows: SQL<number>) => SQL<number>;
  /** Over the vocabulary row as `alias`: the ids of the accounts found (while small). */
  matching: (alias: string) => SQL;
}

export const isWordSearch = (total: TotalSource): total is WordSearch =>
  typeof total === 'object' && 'vocabulary' in total;

/**
 * The search of the accounts (of `role`, when given) whose search_text has every word of `q`; undefined when
 * `q` has no words or a word with characters between words or shorter than three. Binds the patterns under
 * the names searchCondition gives them (`q0`, `q1`…).
 */
export function accountSearch(
  q: string | undefined,
  role: unknown | Placeholder | undefined,
  bind: Bind,
): WordSearch | undefined {
  const words = searchWords(q);
  if (words.length === 0 || !words.every((word) => WORD_CHARS.test(word) && [...word].length >= 3))
    return undefined;
  const ofRole = role === undefined ? sql`` : sql` and role = ${role}`;
  const vocabulary = sql`select ${sql.join(
    words.map(
      (word, i) => sql`array(select word from search_words
      where word like lower(${bind(`q${i}`, likePattern(word))}) limit ${sql.raw(String(MAX_VOCABULARY + 1))}) as v${sql.raw(String(i))}`,
    ),
    sql`, `,
  )} offset 0`;
  const columns = (alias: string) => words.map((_, i) => sql.raw(`${alias}.v${i}`));
  const having = (alias: string) =>
    columns(alias).map((m) => sql`select user_id from user_words where word = any(${m})${ofRole}`);
  const matching = (alias: string) => sql.join(having(alias), sql` intersect `);
  // One word: an account has each of its words once, but may have several of the words that match.
  const counted = (alias: string) =>
    words.length === 1
      ? sql`select count(distinct m.user_id) from (${having(alias)[0]}) m`
      : sql`select count(*) from (${matching(alias)}) m`;
  const small = (alias: string) =>
    sql<boolean>`(${sql.join(
      columns(alias).map((m) => sql`cardinality(${m}) <= ${sql.raw(String(MAX_VOCABULARY))}`),
      sql` and `,
    )})`;
  // The count of the rows runs only when its branch is taken.
  const countOver = (alias: string, rows: SQL<number>) =>
    sql<number>`case when ${small(alias)} then (${counted(alias)}) else ${rows} end`;
  return {
    vocabulary,
    small,
    countOver,
    matching,
    count: (rows) => sql<number>`select ${countOver('v', rows)} from (${vocabulary}) v`,
  };
}
