-- The map's pre-counted clusters (lahan_grid, read by modules/lahan/viewport.ts): per level 5…14, square cell of
-- 360 / 2^level degrees and (status, category, owner verified), the lahan whose centroid lies in the cell and the
-- sums of their centroids. A row's cell at level 14 is computed once; a coarser level's is that cell's
-- x and y shifted right (cells nest), so every level agrees with the others and with the recount.
-- Kept like list_counts (50-list-counts.sql): statement triggers with transition tables, each connection adding
-- into rows of its own shard (its backend pid), so writers never wait for each other on a busy cell.

-- The cell deltas of rows (status, category_id, petani_verified, lon, lat, n) added into lahan_grid: the text of
-- the trigger function's statements (format's %s is the rows' query).
CREATE OR REPLACE FUNCTION lahan_grid_upsert(deltas text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format($q$INSERT INTO lahan_grid AS g
      (level, cell_x, cell_y, status, category_id, petani_verified, shard, n, sum_lon, sum_lat)
    SELECT l.level, d.x >> (14 - l.level), d.y >> (14 - l.level), d.status, d.category_id, d.petani_verified,
      pg_backend_pid(), sum(d.n), sum(d.n * d.lon), sum(d.n * d.lat)
    FROM (SELECT r.*, floor((r.lon + 180) * 16384 / 360)::int AS x, floor((r.lat + 90) * 16384 / 360)::int AS y
          FROM (%s) r WHERE r.lon IS NOT NULL) d
    CROSS JOIN generate_series(5, 14) l(level)
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.n) <> 0 OR sum(d.n * d.lon) <> 0 OR sum(d.n * d.lat) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (level, cell_x, cell_y, status, category_id, petani_verified, shard) DO UPDATE
    SET n = g.n + excluded.n, sum_lon = g.sum_lon + excluded.sum_lon, sum_lat = g.sum_lat + excluded.sum_lat$q$,
    deltas);
$$;

-- A lahan row's keys and centroid as a delta of `n` (1 added, -1 taken away).
CREATE OR REPLACE FUNCTION lahan_grid_delta(alias text, n int) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT format('%1$s.status, coalesce(%1$s.category_id, 0) AS category_id, %1$s.petani_verified, '
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
  INSERT INTO lahan_grid AS g (level, cell_x, cell_y, status, category_id, petani_verified, shard, n, sum_lon, sum_lat)
  SELECT level, cell_x, cell_y, status, category_id, petani_verified, pg_backend_pid(), sum(n), sum(sum_lon),
    sum(sum_lat)
  FROM gone GROUP BY 1, 2, 3, 4, 5, 6 HAVING sum(n) <> 0 ORDER BY 1, 2, 3, 4, 5, 6
  ON CONFLICT (level, cell_x, cell_y, status, category_id, petani_verified, shard) DO UPDATE
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
    WHERE (new_rows.status, new_rows.category_id, new_rows.petani_verified, new_rows.centroid[0], new_rows.centroid[1])
      IS DISTINCT FROM (old_rows.status, old_rows.category_id, old_rows.petani_verified, old_rows.centroid[0],
        old_rows.centroid[1])'),
  'lahan_grid_fold()');

-- The grid made anew from the whole lahan table, in the caller's shard: level 14 from the rows, the coarser
-- levels from level 14.
CREATE OR REPLACE FUNCTION list_counts_recount_lahan_grid() RETURNS void LANGUAGE sql AS $$
  DELETE FROM lahan_grid;
  INSERT INTO lahan_grid (level, cell_x, cell_y, status, category_id, petani_verified, shard, n, sum_lon, sum_lat)
  SELECT 14, floor((centroid[0] + 180) * 16384 / 360)::int, floor((centroid[1] + 90) * 16384 / 360)::int, status,
    coalesce(category_id, 0), petani_verified, pg_backend_pid(), count(*), sum(centroid[0]), sum(centroid[1])
  FROM lahan WHERE centroid IS NOT NULL GROUP BY 2, 3, 4, 5, 6 ORDER BY 2, 3, 4, 5, 6;
  INSERT INTO lahan_grid (level, cell_x, cell_y, status, category_id, petani_verified, shard, n, sum_lon, sum_lat)
  SELECT l.level, g.cell_x >> (14 - l.level), g.cell_y >> (14 - l.level), g.status, g.category_id,
    g.petani_verified, pg_backend_pid(), sum(g.n), sum(g.sum_lon), sum(g.sum_lat)
  FROM lahan_grid g CROSS JOIN generate_series(5, 13) l(level)
  WHERE g.level = 14 GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6;
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
