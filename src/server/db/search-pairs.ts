import { sql, type SQL } from 'drizzle-orm';
import type { Bind } from './prebuilt.js';
import { searchWords } from './search.js';
import { WORD_CHARS } from './word-search.js';

/*
 * The exact total of a search for one word of one or two characters, or of three with a character outside the
 * words' (`+62`, `i@g`), read from search_pairs (migrations 0015_search_pairs, 0017_search_triples): the search
 * itself is `search_text LIKE '%w%'`, which the trigram index cannot serve for a word without a trigram, and which
 * a common short word (`+62`, in every phone number) matches in most rows, so counting its matches read most rows
 * of the list (300k lahan: 70–80 ms; 100k accounts: 40–58 ms). Such a word occurs in search_text exactly when it
 * is one of the text's distinct pieces that the triggers count, per status (lahan) or role (accounts). The
 * pieces are "pairs" by the table's first version.
 */

/** Whether search_pairs holds the pieces `word` may be: any of one or two characters; of three, those that span words. */
const counts = (word: string) => {
  const length = [...word].length;
  return length <= 2 || (length === 3 && !WORD_CHARS.test(word));
};

/**
 * The total of the rows of `entity` (of the status `status()` binds, if it binds one) whose search_text has the
 * one word of `q`; undefined unless `q` is one word search_pairs counts. `lower()` is the one that made
 * search_text.
 */
export function pairSearchTotal(
  entity: string,
  q: string | undefined,
  status: () => unknown,
  bind: Bind,
): (() => SQL<number>) | undefined {
  const words = searchWords(q);
  if (words.length !== 1 || !counts(words[0]!)) return undefined;
  // Bound now: the caller reads the bound values before the statement is built.
  const key = status();
  const pair = bind('pair', words[0]);
  const ofStatus = key === undefined ? sql`` : sql` and k = ${key}`;
  return () =>
    sql<number>`select coalesce(sum(n), 0) from search_pairs
      where entity = ${entity} and pair = lower(${pair})${ofStatus}`;
}

/**
 * The distinct pieces of one or two characters of `text`, and of three with a character outside the words', as
 * search_pairs_of (migration 0017_search_triples) makes them (a character being a code point, as PostgreSQL's
 * substr counts them): for a bulk load, which counts them in Node rather than expanding every row in SQL (23 s
 * for 300k lahan).
 */
export function pairsOf(text: string): Set<string> {
  return new Set([...pieceKeys(text)].map(pieceText));
}

/**
 * `pairsOf` as keys for counting them over many texts: a bulk load counts 50 million pieces, and those of a
 * text within the BMP (nearly all) are numbers — its characters' UTF-16 units + 1 as the digits of one number
 * in base 65537 — which hash and compare several times faster than strings. `pieceText` gives a key's text.
 */
export function pieceKeys(text: string): Set<number> | Set<string> {
  if (ASTRAL.test(text)) return piecesByCodePoints(text);
  const isWordUnit = (wordUnits ??= wordUnitTable());
  const keys = new Set<number>();
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const a = text.charCodeAt(i);
    keys.add(a + 1);
    if (i + 1 === n) break;
    const b = text.charCodeAt(i + 1);
    const pair = (a + 1) * BASE + b + 1;
    keys.add(pair);
    if (i + 2 === n) continue;
    const c = text.charCodeAt(i + 2);
    if (!(isWordUnit[a] && isWordUnit[b] && isWordUnit[c])) keys.add(pair * BASE + c + 1);
  }
  return keys;
}

/** The text of one of `pieceKeys`' keys. */
export function pieceText(key: number | string): string {
  if (typeof key === 'string') return key;
  const units: number[] = [];
  for (let rest = key; rest > 0; rest = Math.floor(rest / BASE)) units.unshift((rest % BASE) - 1);
  return String.fromCharCode(...units);
}

/** Characters past the BMP (two UTF-16 units each). */
const ASTRAL = /[\uD800-\uDFFF]/;
const BASE = 65537;

/** Per UTF-16 unit of the BMP, 1 if it is one of WORD_CHARS: made from it on the first bulk count (~5 ms). */
let wordUnits: Uint8Array | undefined;
const wordUnitTable = () =>
  Uint8Array.from({ length: 0x10000 }, (_, unit) => (WORD_CHARS.test(String.fromCharCode(unit)) ? 1 : 0));

/** The pieces of a text with characters past the BMP: by code points, as PostgreSQL's substr counts them. */
function piecesByCodePoints(text: string): Set<string> {
  const chars = [...text];
  const word = chars.map(isWordChar);
  const pieces = new Set<string>(chars);
  for (let i = 0; i + 1 < chars.length; i++) {
    const pair = chars[i]! + chars[i + 1]!;
    pieces.add(pair);
    if (i + 2 < chars.length && !(word[i] && word[i + 1] && word[i + 2])) pieces.add(pair + chars[i + 2]!);
  }
  return pieces;
}

const isWordChar = (char: string) => WORD_CHARS.test(char);
