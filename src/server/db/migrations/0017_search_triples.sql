-- search_pairs (migration 0015_search_pairs) also counts the pieces of three characters: the exact total of a
-- search for one word of three characters is read from it too. Such a word has a trigram, but a common one is in
-- most rows — `+62` is in every phone number of the accounts, `bud` in thousands of lahan — and its total was
-- counted on the rows (100,000 accounts: 40–58 ms). The triggers read search_pairs_of, so they count the new
-- pieces from now on; the counts are made again from the rows (about a minute for 300,000 lahan and 100,000
-- accounts, with their writes waiting meanwhile).
CREATE OR REPLACE FUNCTION search_pairs_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr(doc, i, 1) FROM generate_series(1, length(doc)) i
  UNION SELECT substr(doc, i, 2) FROM generate_series(1, length(doc) - 1) i
  UNION SELECT substr(doc, i, 3) FROM generate_series(1, length(doc) - 2) i
$$;--> statement-breakpoint
LOCK TABLE lahan, users IN SHARE MODE;--> statement-breakpoint
DELETE FROM search_pairs;--> statement-breakpoint
INSERT INTO search_pairs (entity, pair, k, n)
  SELECT 'lahan', p, status::text, count(*) FROM lahan, search_pairs_of(search_text) p GROUP BY 2, 3;--> statement-breakpoint
INSERT INTO search_pairs (entity, pair, k, n)
  SELECT 'users', p, role::text, count(*) FROM users, search_pairs_of(search_text) p GROUP BY 2, 3;
