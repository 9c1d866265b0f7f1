CREATE TABLE "lahan_grid" (
	"level" smallint NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"status" "lahan_status" NOT NULL,
	"category_id" integer NOT NULL,
	"petani_verified" boolean NOT NULL,
	"shard" integer NOT NULL,
	"n" bigint NOT NULL,
	"sum_lon" double precision NOT NULL,
	"sum_lat" double precision NOT NULL,
	CONSTRAINT "lahan_grid_level_cell_x_cell_y_status_category_id_petani_verified_shard_pk" PRIMARY KEY("level","cell_x","cell_y","status","category_id","petani_verified","shard")
);
--> statement-breakpoint
-- The lahan already measured (functions/80-lahan-grid.sql keeps the grid from here on; it explains the cells).
INSERT INTO "lahan_grid" ("level", "cell_x", "cell_y", "status", "category_id", "petani_verified", "shard", "n", "sum_lon", "sum_lat")
SELECT l.level, r.x >> (14 - l.level), r.y >> (14 - l.level), r.status, r.category_id, r.petani_verified, 0, count(*),
  sum(r.lon), sum(r.lat)
FROM (SELECT floor((centroid[0] + 180) * 16384 / 360)::int AS x, floor((centroid[1] + 90) * 16384 / 360)::int AS y,
        status, coalesce(category_id, 0) AS category_id, petani_verified, centroid[0] AS lon, centroid[1] AS lat
      FROM "lahan" WHERE centroid IS NOT NULL) r
CROSS JOIN generate_series(5, 14) l(level)
GROUP BY 1, 2, 3, 4, 5, 6;
