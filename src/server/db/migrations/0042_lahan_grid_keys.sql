-- lahan_grid in three families of keys (functions/80-lahan-grid.sql explains them): besides status, category and
-- the owner's verification, a province's and an area class's counts at levels 5 to 10, so the map counts a
-- province view, and an area view whose bounds are the classes' edges, zoomed out from the grid. The grid is
-- emptied here; functions/80-lahan-grid.sql, applied after the migrations, counts an empty grid anew from lahan.
ALTER TABLE "lahan_grid" DROP CONSTRAINT "lahan_grid_level_cell_x_cell_y_status_category_id_petani_verified_shard_pk";--> statement-breakpoint
TRUNCATE "lahan_grid";--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD COLUMN "family" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD COLUMN "province_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD COLUMN "area_class" smallint NOT NULL;--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD CONSTRAINT "lahan_grid_level_family_cell_x_cell_y_status_category_id_petani_verified_province_id_area_class_shard_pk" PRIMARY KEY("level","family","cell_x","cell_y","status","category_id","petani_verified","province_id","area_class","shard");
