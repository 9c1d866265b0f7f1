-- The map's grid (db/functions/80-lahan-grid.sql) reads a lahan's province from its own row (0048), which
-- lahan_province keeps when a place moves: the triggers that moved a place's lahan in the grid by joining the areas
-- are no longer needed.
DROP TRIGGER IF EXISTS "lahan_grid_place_before" ON "locations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lahan_grid_place_after" ON "locations";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lahan_grid_place_before" ON "sub_districts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lahan_grid_place_after" ON "sub_districts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lahan_grid_place_before" ON "districts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lahan_grid_place_after" ON "districts";--> statement-breakpoint
DROP FUNCTION IF EXISTS "lahan_grid_place_moved"();
