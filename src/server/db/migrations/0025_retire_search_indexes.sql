-- One search: every list's q is `search_text LIKE '%word%'` on its trigram index (db/search.ts), and a search's
-- total is counted up to 1,000 (db/list-spec.ts CAPPED_COUNT). The home-made indexes that gave searches exact
-- totals at any size go: the accounts' words (search_words, user_words; 0014) and the search pieces of one to
-- three characters (search_pairs; 0015, 0017, 0019). Their functions first (CASCADE: the triggers calling them),
-- then their tables.
DROP FUNCTION IF EXISTS search_text_words() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_track_lahan() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_track_users() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_track_contracts() CASCADE;--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_truncate() CASCADE;--> statement-breakpoint
DROP PROCEDURE IF EXISTS search_pairs_plan(text, text);--> statement-breakpoint
DROP PROCEDURE IF EXISTS search_pairs_attach(text, text);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_fold(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_pairs_of(text);--> statement-breakpoint
DROP FUNCTION IF EXISTS search_words_of(text);--> statement-breakpoint
DROP TABLE "search_pairs" CASCADE;--> statement-breakpoint
DROP TABLE "search_words" CASCADE;--> statement-breakpoint
DROP TABLE "user_words" CASCADE;
