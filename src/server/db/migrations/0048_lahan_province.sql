-- A lahan's province on its own row, so that the province filter reads one index: before, it was the lahan of the
-- province's locations (a join of locations, sub-districts and districts), which at 3M lahan the planner walked
-- along lahan_location_idx or backwards along created_at: up to 4.5 s a page. Locations carry it too, for the
-- lahan's trigger to copy (db/functions/20-location-names.sql, 35-lahan-province.sql).
-- Filled in by rewriting each table (ALTER … TYPE … USING, which rebuilds its indexes once) rather than by an
-- UPDATE, which writes every row's new version into every index one by one (the trigram GIN and GiST ones the
-- slowest): at 300k lahan the migration took 329 s by UPDATE, 34 s by rewrite; at 3M lahan 381 s. The start then
-- vacuums and analyzes both rewritten tables (db/engine/rewritten.ts).
ALTER TABLE "locations" ADD COLUMN "province_id" integer;--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "province_id" integer;--> statement-breakpoint
CREATE FUNCTION migration_0048_province_of_sub_district(sub_district integer) RETURNS integer LANGUAGE sql STABLE
  AS $$ SELECT d.province_id FROM sub_districts s JOIN districts d ON d.id = s.district_id WHERE s.id = sub_district $$;--> statement-breakpoint
CREATE FUNCTION migration_0048_province_of_location(location integer) RETURNS integer LANGUAGE sql STABLE
  AS $$ SELECT province_id FROM locations WHERE id = location $$;--> statement-breakpoint
ALTER TABLE "locations" ALTER COLUMN "province_id" TYPE integer
  USING migration_0048_province_of_sub_district("sub_district_id");--> statement-breakpoint
ALTER TABLE "lahan" ALTER COLUMN "province_id" TYPE integer
  USING migration_0048_province_of_location("location_id");--> statement-breakpoint
DROP FUNCTION migration_0048_province_of_sub_district, migration_0048_province_of_location;--> statement-breakpoint
CREATE INDEX "lahan_province_idx" ON "lahan" USING btree ("province_id","created_at","id","status");
