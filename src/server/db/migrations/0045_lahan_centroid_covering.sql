-- lahan_centroid_gist also carries the area, the status and the owner's verification (INCLUDE, which Drizzle's
-- index builder cannot say: tables/lahan.ts declares the index on centroid alone), so that the map's view of an
-- area bound inside one of lahan_grid's area classes reads the rest of that class in the box from the index alone
-- (modules/lahan/viewport-grid.ts boundedClusters), never visiting a lahan row: at 3M lahan the 10,398 lahan of a
-- desktop zoom-10 box, 2,031 of them matching, in one index-only scan instead of a bitmap and 10,398 rows.
DROP INDEX IF EXISTS "lahan_centroid_gist";--> statement-breakpoint
CREATE INDEX "lahan_centroid_gist" ON "lahan" USING gist ("centroid") INCLUDE ("luas_lahan", "status", "petani_verified");
