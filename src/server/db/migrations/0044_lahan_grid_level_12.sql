-- lahan_grid's province and area-class families kept down to level 12 instead of 10 (functions/80-lahan-grid.sql
-- lahan_grid_levels), so a province or an area range at desktop zoom 9 and 10 is counted from the grid (issue 30).
-- The grid is emptied here; functions/80-lahan-grid.sql, applied after the migrations, counts an empty grid anew
-- from lahan, with the new levels.
TRUNCATE "lahan_grid";
