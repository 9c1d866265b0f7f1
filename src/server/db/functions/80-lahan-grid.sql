-- The map's pre-counted clusters (lahan_grid, read by modules/lahan/viewport.ts): per level 5…14, square cell of
-- 360 / 2^level degrees and (status, category, owner verified, province, area class), the lahan whose centroid
-- lies in the cell and the sums of their centroids. A row's cell at level 14 is computed once; a coarser level's is that cell's
-- x and y shifted right (cells nest), so every level agrees with the others and with the recount.
-- Kept like list_counts (50-list-counts.sql): statement triggers with transition tables, each connection adding
-- into rows of its own shard (its backend pid), so writers never wait for each other on a busy cell.

-- The area classes (modules/lahan/viewport-grid.ts GRID_AREA_EDGES, the same numbers): a lahan of exactly the
-- k-th edge's area (k = 1…8) is in class 2k − 1, one strictly between the k-th and the next in class 2k (class 0:
-- below 0 m², class 16: above 100,000 m²). So a list narrowed by luas_min and luas_max on edges (both inclusive)
-- is a range of classes. Changing them changes what lahan_grid holds: that needs a migration that recounts it.
CREATE OR REPLACE FUNCTION lahan_grid_area_edges() RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
AS $$SELECT '{0,1000,2500,5000,10000,20000,50000,100000}'::double precision[]$$;

CREATE OR REPLACE FUNCTION lahan_grid_area_class(luas double precision) RETURNS smallint
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (2 * b - CASE WHEN b > 0 AND luas = (lahan_grid_area_edges())[b] THEN 1 ELSE 0 END)::smallint
  FROM width_bucket(luas, lahan_grid_area_edges()) b
$$;

-- The rows of `places` (each with a location_id) and the province of their location (0: none).
CREATE OR REPLACE FUNCTION lahan_grid_placed(places text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$SELECT r.*, coalesce(pd.province_id, 0) AS province_id FROM (%s) r
    LEFT JOIN locations po ON po.id = r.location_id
    LEFT JOIN sub_districts ps ON ps.id = po.sub_district_id
    LEFT JOIN districts pd ON pd.id = ps.district_id$q$, places);
$$;

-- The cell deltas of rows (status, category_id, petani_verified, location_id, area_class, lon, lat, n) added into
-- lahan_grid: the text of the trigger functions' statements (format's %s is the rows' query). The province is the
-- one the row's location lies in as the statement runs.
CREATE OR REPLACE FUNCTION lahan_grid_upsert(deltas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$INSERT INTO lahan_grid AS g (level, cell_x, cell_y, status, category_id, petani_verified,
      province_id, area_class, shard, n, sum_lon, sum_lat)
    SELECT l.level, d.x >> (14 - l.level), d.y >> (14 - l.level), d.status, d.category_id, d.petani_verified,
      d.province_id, d.area_class, pg_backend_pid(), sum(d.n), sum(d.n * d.lon), sum(d.n * d.lat)
    FROM (SELECT r.*, floor((r.lon + 180) * 16384 / 360)::int AS x, floor((r.lat + 90) * 16384 / 360)::int AS y
          FROM (%s) r WHERE r.lon IS NOT NULL) d
    CROSS JOIN generate_series(5, 14) l(level)
    GROUP BY 1, 2, 3, 4, 5, 6, 7, 8
    HAVING sum(d.n) <> 0 OR sum(d.n * d.lon) <> 0 OR sum(d.n * d.lat) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
    ON CONFLICT (level, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class, shard)
    DO UPDATE
    SET n = g.n + excluded.n, sum_lon = g.sum_lon + excluded.sum_lon, sum_lat = g.sum_lat + excluded.sum_lat$q$,
    lahan_grid_placed(deltas));
$$;

-- A lahan row's keys and centroid as a delta of `n` (1 added, -1 taken away).
CREATE OR REPLACE FUNCTION lahan_grid_delta(alias text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%1$s.status, coalesce(%1$s.category_id, 0) AS category_id, %1$s.petani_verified, '
    '%1$s.location_id, lahan_grid_area_class(%1$s.luas_lahan) AS area_class, '
    '%1$s.centroid[0] AS lon, %1$s.centroid[1] AS lat, %2$s AS n', alias, n);
$$;

-- Moves the coarse levels' rows of connections that are gone into the caller's shard (never waiting), dropping
-- the empty ones; the fine levels' rows are many and seldom shared, and stay where they are.
CREATE OR REPLACE FUNCTION lahan_grid_fold() RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM lahan_grid WHERE ctid IN (
      SELECT ctid FROM lahan_grid
      WHERE level <= 9 AND shard <> pg_backend_pid()
        AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING *)
  INSERT INTO lahan_grid AS g (level, cell_x, cell_y, status, category_id, petani_verified, province_id,
    area_class, shard, n, sum_lon, sum_lat)
  SELECT level, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class, pg_backend_pid(),
    sum(n), sum(sum_lon), sum(sum_lat)
  FROM gone GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
  ON CONFLICT (level, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class, shard)
  DO UPDATE
  SET n = g.n + excluded.n, sum_lon = g.sum_lon + excluded.sum_lon, sum_lat = g.sum_lat + excluded.sum_lat;
$$;

-- list_counts_track_lahan_grid() and lahan's triggers lahan_grid_insert/_delete/_update. The name is the list
-- counters' own (50-list-counts.sql), so a bulk load (db/seed/scale/bulk.ts) turns the insert trigger off and
-- calls list_counts_recount_lahan_grid() once instead. An update counts only rows whose cell keys changed.
CALL planned_triggers_attach('lahan', 'lahan_grid', 'list_counts_track_lahan_grid',
  lahan_grid_upsert('SELECT ' || lahan_grid_delta('new_rows', 1) || ' FROM new_rows'),
  lahan_grid_upsert('SELECT ' || lahan_grid_delta('old_rows', -1) || ' FROM old_rows'),
  lahan_grid_upsert('SELECT x.* FROM new_rows JOIN old_rows ON old_rows.id = new_rows.id
      CROSS JOIN LATERAL (SELECT ' || lahan_grid_delta('new_rows', 1) || ' UNION ALL SELECT '
      || lahan_grid_delta('old_rows', -1) || ') x
    WHERE (new_rows.status, new_rows.category_id, new_rows.petani_verified, new_rows.location_id,
        new_rows.luas_lahan, new_rows.centroid[0], new_rows.centroid[1])
      IS DISTINCT FROM (old_rows.status, old_rows.category_id, old_rows.petani_verified, old_rows.location_id,
        old_rows.luas_lahan, old_rows.centroid[0], old_rows.centroid[1])'),
  'lahan_grid_fold()');

-- A place moved (a location to another sub-district, a sub-district to another district, a district to another
-- province) moves its lahan to their new province: taken away before the update (the province is looked up as it
-- was), added after it.
CREATE OR REPLACE FUNCTION lahan_grid_place_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE lahan_grid_upsert('SELECT ' || lahan_grid_delta('l', CASE TG_WHEN WHEN 'BEFORE' THEN -1 ELSE 1 END)
    || ' FROM lahan l WHERE l.location_id IN (SELECT o.id FROM locations o JOIN sub_districts s
      ON s.id = o.sub_district_id WHERE ' || CASE TG_TABLE_NAME
        WHEN 'locations' THEN 'o.id' WHEN 'sub_districts' THEN 's.id' ELSE 's.district_id' END || ' = $1)')
    USING NEW.id;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER lahan_grid_place_before BEFORE UPDATE OF sub_district_id ON locations FOR EACH ROW
  WHEN (OLD.sub_district_id IS DISTINCT FROM NEW.sub_district_id) EXECUTE FUNCTION lahan_grid_place_moved();
CREATE OR REPLACE TRIGGER lahan_grid_place_after AFTER UPDATE OF sub_district_id ON locations FOR EACH ROW
  WHEN (OLD.sub_district_id IS DISTINCT FROM NEW.sub_district_id) EXECUTE FUNCTION lahan_grid_place_moved();
CREATE OR REPLACE TRIGGER lahan_grid_place_before BEFORE UPDATE OF district_id ON sub_districts FOR EACH ROW
  WHEN (OLD.district_id IS DISTINCT FROM NEW.district_id) EXECUTE FUNCTION lahan_grid_place_moved();
CREATE OR REPLACE TRIGGER lahan_grid_place_after AFTER UPDATE OF district_id ON sub_districts FOR EACH ROW
  WHEN (OLD.district_id IS DISTINCT FROM NEW.district_id) EXECUTE FUNCTION lahan_grid_place_moved();
CREATE OR REPLACE TRIGGER lahan_grid_place_before BEFORE UPDATE OF province_id ON districts FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id) EXECUTE FUNCTION lahan_grid_place_moved();
CREATE OR REPLACE TRIGGER lahan_grid_place_after AFTER UPDATE OF province_id ON districts FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id) EXECUTE FUNCTION lahan_grid_place_moved();

-- The grid made anew from the whole lahan table, in the caller's shard: level 14 from the rows, the coarser
-- levels from level 14.
CREATE OR REPLACE FUNCTION list_counts_recount_lahan_grid() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lahan_grid;
  EXECUTE format($q$INSERT INTO lahan_grid (level, cell_x, cell_y, status, category_id, petani_verified,
      province_id, area_class, shard, n, sum_lon, sum_lat)
    SELECT 14, floor((lon + 180) * 16384 / 360)::int, floor((lat + 90) * 16384 / 360)::int, status, category_id,
      petani_verified, province_id, area_class, pg_backend_pid(), count(*), sum(lon), sum(lat)
    FROM (%s) r WHERE lon IS NOT NULL GROUP BY 2, 3, 4, 5, 6, 7, 8 ORDER BY 2, 3, 4, 5, 6, 7, 8$q$,
    lahan_grid_placed('SELECT ' || lahan_grid_delta('lahan', 1) || ' FROM lahan'));
  INSERT INTO lahan_grid (level, cell_x, cell_y, status, category_id, petani_verified, province_id, area_class,
    shard, n, sum_lon, sum_lat)
  SELECT l.level, g.cell_x >> (14 - l.level), g.cell_y >> (14 - l.level), g.status, g.category_id,
    g.petani_verified, g.province_id, g.area_class, pg_backend_pid(), sum(g.n), sum(g.sum_lon), sum(g.sum_lat)
  FROM lahan_grid g CROSS JOIN generate_series(5, 13) l(level)
  WHERE g.level = 14 GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8;
END;
$$;

-- A truncated lahan table's grid goes with it.
CREATE OR REPLACE FUNCTION lahan_grid_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM lahan_grid;
  RETURN NULL;
END;
$$;
CREATE OR REPLACE TRIGGER lahan_grid_truncate AFTER TRUNCATE ON lahan
  FOR EACH STATEMENT EXECUTE FUNCTION lahan_grid_truncate();
