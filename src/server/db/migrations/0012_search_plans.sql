-- Search plans at scale (issue 9).
--
-- Statistics: a word's share of the rows is estimated from the search_text histogram. With the default 100
-- entries, a word in 2 % of 300,000 lahan ("budi") was found in none of them and estimated at 30 rows, so its
-- page was read by fetching and sorting all 7,000 matches instead of walking the created_at index for the
-- first ten. 500 entries see a word down to about 0.2 % of the rows; rarer words are read through the
-- trigram index either way.
ALTER TABLE "users" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint
ALTER TABLE "lahan" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "search_text" SET STATISTICS 500;--> statement-breakpoint

-- Trigram indexes without a pending list (columns.ts `trgm`): each search read every entry still waiting to
-- be merged, up to 4 MB of them, and the embedded database has no autovacuum to merge them. What waits now
-- is merged here.
DO $$
DECLARE
  name text;
BEGIN
  FOREACH name IN ARRAY ARRAY['users_search_trgm', 'lahan_search_trgm', 'contracts_search_trgm',
    'locations_search_trgm', 'land_categories_search_trgm', 'contract_categories_search_trgm',
    'downloads_search_trgm'] LOOP
    EXECUTE format('ALTER INDEX %I SET (fastupdate = false)', name);
    PERFORM gin_clean_pending_list(name::regclass);
  END LOOP;
END;
$$;--> statement-breakpoint

-- The people lists' default order (created_at) carries search_text, so that a search's first page is an
-- index-only walk that stops at the tenth match instead of fetching each row it passes (q=budi among the
-- petani: 770 rows passed, 1.4 ms → 0.26 ms). People's search_text is short (names, email, phone, NIK).
DROP INDEX "users_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id","role","status_verifikasi","search_text");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id","status_verifikasi","search_text");--> statement-breakpoint

ANALYZE "users", "lahan", "contracts", "locations";
