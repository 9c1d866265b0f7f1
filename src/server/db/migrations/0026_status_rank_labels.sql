-- Sorting by status (alphabetically) reads an index on each status's label instead of a CASE over the statuses
-- of the day, so a migration adding a status needs no index rebuilt around the new value (PostgreSQL refuses
-- that in the transaction that adds it: "unsafe use of new value"). enum_label is defined in
-- db/functions/05-enum-label.sql; the indexes need it before that folder is applied, so it is made here too.
CREATE OR REPLACE FUNCTION enum_label(value anyenum) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT value::text $$;--> statement-breakpoint
DROP INDEX "contracts_status_rank_idx";--> statement-breakpoint
DROP INDEX "lahan_status_rank_idx";--> statement-breakpoint
CREATE INDEX "contracts_status_rank_idx" ON "contracts" USING btree ((enum_label("status") collate "C"),"id","status");--> statement-breakpoint
CREATE INDEX "lahan_status_rank_idx" ON "lahan" USING btree ((enum_label("status") collate "C"),"id","status","category_id");