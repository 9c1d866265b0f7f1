-- A lahan's province on its own row, so that the province filter reads one index: before, it was the lahan of the
-- province's locations (a join of locations, sub-districts and districts), which at 3M lahan the planner walked
-- along lahan_location_idx or backwards along created_at: 0.3–3 s a page. Locations carry it too, for the
-- lahan's trigger to copy (db/functions/20-location-names.sql, 35-lahan-province.sql). The backfill writes no
-- derived state (counters, grid, search text do not depend on it), so the tables' own triggers are off for it.
ALTER TABLE "locations" ADD COLUMN "province_id" integer;--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "province_id" integer;--> statement-breakpoint
ALTER TABLE "locations" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "locations" l SET "province_id" = d."province_id"
FROM "sub_districts" s JOIN "districts" d ON d."id" = s."district_id"
WHERE s."id" = l."sub_district_id";--> statement-breakpoint
ALTER TABLE "locations" ENABLE TRIGGER USER;--> statement-breakpoint
ALTER TABLE "lahan" DISABLE TRIGGER USER;--> statement-breakpoint
UPDATE "lahan" l SET "province_id" = o."province_id" FROM "locations" o WHERE o."id" = l."location_id";--> statement-breakpoint
ALTER TABLE "lahan" ENABLE TRIGGER USER;--> statement-breakpoint
CREATE INDEX "lahan_province_idx" ON "lahan" USING btree ("province_id","created_at","id","status");
