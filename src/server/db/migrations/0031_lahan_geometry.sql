ALTER TABLE "lahan" ADD COLUMN "luas_terukur" double precision;--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "centroid" "point";--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "bbox" "box";--> statement-breakpoint
CREATE INDEX "lahan_centroid_gist" ON "lahan" USING gist ("centroid");