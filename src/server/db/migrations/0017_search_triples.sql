-- search_pairs (migration 0015_search_pairs) also counts the pieces of three characters that have a character
-- outside the words' (an ASCII letter or digit, or any other character of the BMP past ASCII: migration
-- 0014_search_words), such as `+`, `@` or `.`: the exact total of a search
-- for one such word is read from it too. Such a word has a trigram, but a common one is in most rows — `+62` is in
-- every phone number of the accounts — and the accounts' words cannot count it (it spans words), so its total was
-- counted on the rows (100,000 accounts: 40–58 ms). A three-character word of word characters only is counted
-- by the words' index (accounts) or the trigram index (lahan), and is not counted here: every piece of three
-- would triple the rows here and what each write of a lahan or an account adds to them.
-- The triggers read search_pairs_of, so they count the new pieces from now on; the counts are made again from the
-- rows (about a minute for 300,000 lahan and 100,000 accounts, with their writes waiting meanwhile). Contracts
-- get the triggers and counts too (by status).
CREATE OR REPLACE FUNCTION search_pairs_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr(doc, i, 1) FROM generate_series(1, length(doc)) i
  UNION SELECT substr(doc, i, 2) FROM generate_series(1, length(doc) - 1) i
  UNION SELECT t FROM generate_series(1, length(doc) - 2) i, substr(doc, i, 3) t
    WHERE t ~ '[^A-Za-z0-9\u0080-\uffff]'
$$;--> statement-breakpoint
LOCK TABLE lahan, users IN SHARE MODE;--> statement-breakpoint
DELETE FROM search_pairs;--> statement-breakpoint
INSERT INTO search_pairs (entity, pair, k, n)
  SELECT 'lahan', p, status::text, count(*) FROM lahan, search_pairs_of(search_text) p GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO search_pairs (entity, pair, k, n)
  SELECT 'users', p, role::text, count(*) FROM users, search_pairs_of(search_text) p GROUP BY 2, 3;--> statement-breakpoint
-- Contracts too (60,000 in the scale set: `q=pa` counted on the rows, 39–52 ms).
CALL search_pairs_attach('contracts', 'status');
