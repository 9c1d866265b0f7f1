CREATE TABLE "list_counts" (
	"entity" text NOT NULL,
	"k1" text DEFAULT '' NOT NULL,
	"k2" text DEFAULT '' NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	"amount" numeric DEFAULT 0 NOT NULL,
	CONSTRAINT "list_counts_entity_k1_k2_pk" PRIMARY KEY("entity","k1","k2")
);
--> statement-breakpoint
DROP INDEX "contracts_status_created_idx";--> statement-breakpoint
DROP INDEX "contracts_created_idx";--> statement-breakpoint
DROP INDEX "contracts_petani_idx";--> statement-breakpoint
DROP INDEX "contracts_mitra_idx";--> statement-breakpoint
DROP INDEX "contracts_lahan_idx";--> statement-breakpoint
DROP INDEX "downloads_created_idx";--> statement-breakpoint
DROP INDEX "lahan_petani_idx";--> statement-breakpoint
DROP INDEX "lahan_status_created_idx";--> statement-breakpoint
DROP INDEX "lahan_created_idx";--> statement-breakpoint
DROP INDEX "lahan_category_idx";--> statement-breakpoint
DROP INDEX "lahan_location_idx";--> statement-breakpoint
DROP INDEX "land_categories_created_idx";--> statement-breakpoint
DROP INDEX "locations_sub_district_idx";--> statement-breakpoint
DROP INDEX "locations_created_idx";--> statement-breakpoint
DROP INDEX "users_role_created_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "contract_categories_created_idx" ON "contract_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "contract_categories_type_name_idx" ON "contract_categories" USING btree ("type_name","id");--> statement-breakpoint
CREATE INDEX "contracts_title_idx" ON "contracts" USING btree ("title","id","status");--> statement-breakpoint
CREATE INDEX "contracts_start_date_idx" ON "contracts" USING btree ("start_date","id","status");--> statement-breakpoint
CREATE INDEX "contracts_status_rank_idx" ON "contracts" USING btree ((case "status" when 'active' then 0 when 'approved' then 1 when 'cancelled' then 2 when 'completed' then 3 when 'negotiation' then 4 when 'pending' then 5 when 'rejected' then 6 end),"id","status");--> statement-breakpoint
CREATE INDEX "contracts_category_idx" ON "contracts" USING btree ("contract_category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "lahan_nama_idx" ON "lahan" USING btree ("nama_lahan","id","status","category_id");--> statement-breakpoint
CREATE INDEX "lahan_luas_idx" ON "lahan" USING btree ("luas_lahan","id","status","category_id");--> statement-breakpoint
CREATE INDEX "lahan_status_rank_idx" ON "lahan" USING btree ((case "status" when 'active' then 0 when 'completed' then 1 when 'inactive' then 2 when 'negotiation' then 3 when 'on_going' then 4 when 'pending' then 5 when 'rejected' then 6 end),"id","status","category_id");--> statement-breakpoint
CREATE INDEX "land_categories_type_name_idx" ON "land_categories" USING btree ("type_name","id");--> statement-breakpoint
CREATE INDEX "locations_name_idx" ON "locations" USING btree ("location_name","id");--> statement-breakpoint
CREATE INDEX "users_full_name_idx" ON "users" USING btree ("full_name","id","role","status_verifikasi");--> statement-breakpoint
CREATE INDEX "users_role_full_name_idx" ON "users" USING btree ("role","full_name","id","status_verifikasi");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email","id","role","status_verifikasi");--> statement-breakpoint
CREATE INDEX "users_role_email_idx" ON "users" USING btree ("role","email","id","status_verifikasi");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id","status_verifikasi");--> statement-breakpoint
CREATE INDEX "contracts_status_created_idx" ON "contracts" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id","status");--> statement-breakpoint
CREATE INDEX "contracts_petani_idx" ON "contracts" USING btree ("petani_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_mitra_idx" ON "contracts" USING btree ("mitra_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contracts_lahan_idx" ON "contracts" USING btree ("lahan_id","created_at","id");--> statement-breakpoint
CREATE INDEX "downloads_created_idx" ON "downloads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "lahan_petani_idx" ON "lahan" USING btree ("petani_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "lahan_status_created_idx" ON "lahan" USING btree ("status","created_at","id","category_id");--> statement-breakpoint
CREATE INDEX "lahan_created_idx" ON "lahan" USING btree ("created_at","id","status","category_id");--> statement-breakpoint
CREATE INDEX "lahan_category_idx" ON "lahan" USING btree ("category_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "lahan_location_idx" ON "lahan" USING btree ("location_id","created_at","id","status");--> statement-breakpoint
CREATE INDEX "land_categories_created_idx" ON "land_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "locations_sub_district_idx" ON "locations" USING btree ("sub_district_id","created_at","id");--> statement-breakpoint
CREATE INDEX "locations_created_idx" ON "locations" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id","status_verifikasi");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id","role","status_verifikasi");