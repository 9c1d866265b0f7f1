-- The map's pre-counted clusters (lahan_grid, read by modules/lahan/viewport-grid.ts): per level 5…14 and square
-- cell of 360 / 2^level degrees, the lahan whose centroid lies in the cell and the sums of their centroids, in
-- three families of keys, each counting every lahan once (the levels of each: lahan_grid_levels(), below):
--   0: status, category, the owner's verification — levels 5…14 (the admin's and the mitra's map, their keys);
--   1: status, the lahan's province (lahan.province_id, 35-lahan-province.sql) — levels 5…12 (a province down to
--      desktop zoom 10);
--   2: status, the owner's verification, the area class of luas_lahan — levels 5…12 (an area range, the same).
-- Each family's other keys are 0 (false). Families 1 and 2 stop at level 12 because finer views hold few lahan
-- (at 3M, a zoom-10 box of the busiest province held 1,758), which are read from the rows, and because keyed by
-- everything at once a coarse cell would hold nearly one row per combination. A row's cell at level 14 (the finest
-- kept) is computed once; a coarser level's is that cell's x and y shifted right (cells nest), so every level agrees
-- with the others and with the recount.
-- Kept like list_counts (50-list-counts.sql): statement triggers with transition tables, each connection adding
-- into rows of its own shard (its backend pid), so writers never wait for each other on a busy cell.

-- The area classes (modules/lahan/viewport-grid.ts GRID_AREA_EDGES, the same numbers): a lahan of exactly the
-- k-th edge's area (k = 1…8) is in class 2k − 1, one strictly between the k-th and the next in class 2k (class 0:
-- below 0 m², class 16: above 100,000 m²). So a list narrowed by luas_min and luas_max on edges (both inclusive)
-- is a range of classes. Changing them changes what lahan_grid holds: that needs a migration that empties it.
CREATE OR REPLACE FUNCTION lahan_grid_area_edges() RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$SELECT '{0,1000,2500,5000,10000,20000,50000,100000}'::double precision[]$$;

-- The levels each family is kept at, the one place that says them (viewport-grid.ts GRID_LEVELS, the same
-- numbers): every level from 5 to the family's finest, 14 at most (the cell computed from the centroid). Changing
-- them changes what lahan_grid holds: that needs a migration that empties it (0044_lahan_grid_level_12).
-- generate_series over constants, so that the planner counts 10 levels a family, not its default 1,000 rows for a
-- set-returning function: with that guess the update trigger's statement over 1,111 rows was costed as 22M rows
-- and JIT-compiled on PostgreSQL (the trigger 911 ms, 44 ms without; the statement replayed under EXPLAIN ANALYZE
-- spent 1.01 s of its 1.09 s compiling).
CREATE OR REPLACE FUNCTION lahan_grid_levels() RETURNS TABLE (family smallint, level int)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT f.family, l.level
  FROM (VALUES (0::smallint, 14), (1::smallint, 12), (2::smallint, 12)) f(family, finest)
  JOIN generate_series(5, 14) l(level) ON l.level <= f.finest
$$;

-- One expression (no FROM), so that PostgreSQL inlines it into the statements that call it for every row.
CREATE OR REPLACE FUNCTION lahan_grid_area_class(luas double precision) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (2 * width_bucket(luas, lahan_grid_area_edges())
    - CASE WHEN luas = ANY (lahan_grid_area_edges()) THEN 1 ELSE 0 END)::smallint
$$;

-- The cell deltas of rows (status, category_id, petani_verified, province_id, area_class, lon, lat, n) added into
-- lahan_grid's families: the text of the trigger functions' statements (format's %s is the rows' query).
CREATE OR REPLACE FUNCTION lahan_grid_upsert(deltas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$INSERT INTO lahan_grid AS g (level, family, cell_x, cell_y, status, category_id,
      petani_verified, province_id, area_class, shard, n, sum_lon, sum_lat)
    SELECT l.level, l.family, d.x >> (14 - l.level), d.y >> (14 - l.level), d.status,
      CASE WHEN l.family = 0 THEN d.category_id ELSE 0 END, d.petani_verified AND l.family <> 1,
      CASE WHEN l.family = 1 THEN d.province_id ELSE 0 END, CASE WHEN l.family = 2 THEN d.area_class ELSE 0 END,
      pg_backend_pid(), sum(d.n), sum(d.n * d.lon), sum(d.n * d.lat)
    FROM (SELECT r.*, floor((r.lon + 180) * 16384 / 360)::int AS x, floor((r.lat + 90) * 16384 / 360)::int AS y
          FROM (%s) r WHERE r.lon IS NOT NULL) d
    CROSS JOIN lahan_grid_levels() l
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    HAVING sum(d.n) <> 0 OR sum(d.n * d.lon) <> 0 OR sum(d.n * d.lat) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ON CONFLICT (level, family, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class,
      shard) DO UPDATE
    SET n = g.n + excluded.n, sum_lon = g.sum_lon + excluded.sum_lon, sum_lat = g.sum_lat + excluded.sum_lat$q$,
    deltas);
$$;

-- A lahan row's keys and centroid as a delta of `n` (1 added, -1 taken away); no province is 0.
CREATE OR REPLACE FUNCTION lahan_grid_delta(alias text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%1$s.status, coalesce(%1$s.category_id, 0) AS category_id, %1$s.petani_verified, '
    'coalesce(%1$s.province_id, 0) AS province_id, lahan_grid_area_class(%1$s.luas_lahan) AS area_class, '
    '%1$s.centroid[0] AS lon, %1$s.centroid[1] AS lat, %2$s AS n', alias, n);
$$;

-- Moves the coarse levels' rows of connections that are gone into the caller's shard (never waiting), dropping
-- the empty ones; the fine levels' rows are many and seldom shared, and stay where they are. Shard 0 (no
-- connection's: pids are above 0) is the recount's, and stays: moving a whole recounted grid's coarse rows in one
-- write took 14 s at 300k lahan.
CREATE OR REPLACE FUNCTION lahan_grid_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM lahan_grid WHERE ctid IN (
      SELECT ctid FROM lahan_grid
      WHERE level <= 9 AND shard <> pg_backend_pid() AND shard <> 0
        AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING *)
  INSERT INTO lahan_grid AS g (level, family, cell_x, cell_y, status, category_id, petani_verified, province_id,
    area_class, shard, n, sum_lon, sum_lat)
  SELECT level, family, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class,
    pg_backend_pid(), sum(n), sum(sum_lon), sum(sum_lat)
  FROM gone GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
  ON CONFLICT (level, family, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class, shard)
  DO UPDATE
  SET n = g.n + excluded.n, sum_lon = g.sum_lon + excluded.sum_lon, sum_lat = g.sum_lat + excluded.sum_lat;
$$;

-- list_counts_track_lahan_grid() and lahan's triggers lahan_grid_insert/_delete/_update. The name is the list
-- counters' own (50-list-counts.sql), so a bulk load (db/seed/scale/bulk.ts) turns the insert trigger off and
-- calls list_counts_recount_lahan_grid() once instead. An update counts only rows whose cell keys changed. A place
-- moved to another province (a location, a sub-district, a district) is such an update: lahan_province gives its
-- lahan their new province_id.
CALL planned_triggers_attach('lahan', 'lahan_grid', 'list_counts_track_lahan_grid',
  lahan_grid_upsert('SELECT ' || lahan_grid_delta('new_rows', 1) || ' FROM new_rows'),
  lahan_grid_upsert('SELECT ' || lahan_grid_delta('old_rows', -1) || ' FROM old_rows'),
  lahan_grid_upsert('SELECT x.* FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      CROSS JOIN LATERAL (SELECT ' || lahan_grid_delta('new_rows', 1) || ' UNION ALL SELECT '
      || lahan_grid_delta('old_rows', -1) || ') x
    WHERE (new_rows.status, new_rows.category_id, new_rows.petani_verified, new_rows.province_id,
        new_rows.luas_lahan, new_rows.centroid[0], new_rows.centroid[1])
      IS DISTINCT FROM (old_rows.status, old_rows.category_id, old_rows.petani_verified, old_rows.province_id,
        old_rows.luas_lahan, old_rows.centroid[0], old_rows.centroid[1])'),
  'lahan_grid_fold()');

-- The grid made anew from the whole lahan table, in shard 0, which no connection has and lahan_grid_fold leaves
-- alone (what a bulk load calls, and the start after a migration that emptied the grid). The rows are read
-- once, grouped by level-14 cell and every key, and give each family's finest level (lahan_grid_levels); every
-- coarser level is then rolled up from the one below it (cell x >> 1, y >> 1: cells nest), family by family, so
-- each step groups fewer rows. Inserted in the primary key's order (in any other, the key's index is written page by
-- page at random: 5× the time at 300k lahan). The same families and keys as lahan_grid_upsert.
CREATE OR REPLACE FUNCTION list_counts_recount_lahan_grid() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  finest int := (SELECT max(level) FROM lahan_grid_levels());
  coarsest int := (SELECT min(level) FROM lahan_grid_levels());
BEGIN
  DELETE FROM lahan_grid;
  EXECUTE format($q$WITH r AS MATERIALIZED (
      SELECT floor((lon + 180) * 16384 / 360)::int AS x, floor((lat + 90) * 16384 / 360)::int AS y, status,
        category_id, petani_verified, province_id, area_class, count(*) AS n, sum(lon) AS lon, sum(lat) AS lat
      FROM (%s) p WHERE lon IS NOT NULL
      GROUP BY 1, 2, 3, 4, 5, 6, 7)
    INSERT INTO lahan_grid (level, family, cell_x, cell_y, status, category_id, petani_verified, province_id,
      area_class, shard, n, sum_lon, sum_lat)
    SELECT f.level, f.family, r.x >> (14 - f.level), r.y >> (14 - f.level), r.status,
      CASE WHEN f.family = 0 THEN r.category_id ELSE 0 END, r.petani_verified AND f.family <> 1,
      CASE WHEN f.family = 1 THEN r.province_id ELSE 0 END, CASE WHEN f.family = 2 THEN r.area_class ELSE 0 END,
      0, sum(r.n), sum(r.lon), sum(r.lat)
    FROM r CROSS JOIN (SELECT family, max(level) AS level FROM lahan_grid_levels() GROUP BY family) f
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9$q$, 'SELECT ' || lahan_grid_delta('lahan', 1) || ' FROM lahan');
  FOR lv IN REVERSE finest - 1..coarsest LOOP
    INSERT INTO lahan_grid (level, family, cell_x, cell_y, status, category_id, petani_verified, province_id,
      area_class, shard, n, sum_lon, sum_lat)
    SELECT lv, family, cell_x >> 1, cell_y >> 1, status, category_id, petani_verified, province_id, area_class,
      0, sum(n), sum(sum_lon), sum(sum_lat)
    FROM lahan_grid
    WHERE level = lv + 1 AND family IN (SELECT k.family FROM lahan_grid_levels() k WHERE k.level = lv)
    GROUP BY 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 2, 3, 4, 5, 6, 7, 8, 9;
  END LOOP;
END;
$$;

-- A grid a migration emptied to change its keys or levels (0042_lahan_grid_keys, 0044_lahan_grid_level_12) is
-- counted anew here, once (at 3M lahan a matter of minutes: these files are applied on the migrations' connection,
-- which has no statement timeout).
SELECT list_counts_recount_lahan_grid()
WHERE NOT EXISTS (SELECT FROM lahan_grid) AND EXISTS (SELECT FROM lahan WHERE centroid IS NOT NULL);

-- A truncated lahan table's grid goes with it.
CREATE OR REPLACE FUNCTION lahan_grid_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lahan_grid;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER lahan_grid_truncate AFTER TRUNCATE ON lahan
  FOR EACH STATEMENT EXECUTE FUNCTION lahan_grid_truncate();
