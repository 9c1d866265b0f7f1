-- lahan_grid keyed also by the province of the lahan's location and the area class of its luas_lahan
-- (functions/80-lahan-grid.sql explains both), so the map counts a province view, and an area view whose bounds
-- are the classes' edges, from the grid. The grid is counted anew from lahan, as the function
-- list_counts_recount_lahan_grid does; the index of the new key is built after it.
ALTER TABLE "lahan_grid" DROP CONSTRAINT "lahan_grid_level_cell_x_cell_y_status_category_id_petani_verified_shard_pk";--> statement-breakpoint
TRUNCATE "lahan_grid";--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD COLUMN "province_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD COLUMN "area_class" smallint NOT NULL;--> statement-breakpoint
INSERT INTO "lahan_grid" ("level", "cell_x", "cell_y", "status", "category_id", "petani_verified", "province_id",
  "area_class", "shard", "n", "sum_lon", "sum_lat")
SELECT 14, floor((l.centroid[0] + 180) * 16384 / 360)::int, floor((l.centroid[1] + 90) * 16384 / 360)::int,
  l.status, coalesce(l.category_id, 0), l.petani_verified, coalesce(d.province_id, 0),
  (2 * w.b - CASE WHEN w.b > 0 AND l.luas_lahan = w.edges[w.b] THEN 1 ELSE 0 END)::smallint, 0, count(*),
  sum(l.centroid[0]), sum(l.centroid[1])
FROM "lahan" l
CROSS JOIN LATERAL (SELECT e AS edges, width_bucket(l.luas_lahan, e) AS b
  FROM (SELECT '{0,1000,2500,5000,10000,20000,50000,100000}'::double precision[] AS e) x) w
LEFT JOIN "locations" o ON o.id = l.location_id
LEFT JOIN "sub_districts" s ON s.id = o.sub_district_id
LEFT JOIN "districts" d ON d.id = s.district_id
WHERE l.centroid IS NOT NULL
GROUP BY 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "lahan_grid" ("level", "cell_x", "cell_y", "status", "category_id", "petani_verified", "province_id",
  "area_class", "shard", "n", "sum_lon", "sum_lat")
SELECT l.level, g.cell_x >> (14 - l.level), g.cell_y >> (14 - l.level), g.status, g.category_id, g.petani_verified,
  g.province_id, g.area_class, 0, sum(g.n), sum(g.sum_lon), sum(g.sum_lat)
FROM "lahan_grid" g CROSS JOIN generate_series(5, 13) l(level)
WHERE g.level = 14
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
ALTER TABLE "lahan_grid" ADD CONSTRAINT "lahan_grid_level_cell_x_cell_y_status_category_id_petani_verified_province_id_area_class_shard_pk" PRIMARY KEY("level","cell_x","cell_y","status","category_id","petani_verified","province_id","area_class","shard");
