-- The exact total of a lahan list filtered by area (luas_min / luas_max), with no filter but the status and the
-- owner's verification: counted, it read every matching entry of lahan_luas_idx (228,000 of 300,000 lahan for
-- luas_min=10000: 26–83 ms). list_counts now also counts lahan per area bin (entity 'lahan_area'): k1 the bin,
-- k2 the status and the owner's verification. A range's total is the sum of the whole bins inside it plus an
-- index count of the rows of the (at most two) bins its bounds fall in (modules/lahan/area-total.ts).
--
-- Bin b ≥ 1 holds the areas in [2^(b/8), 2^((b+1)/8)): each about 9 % wider than the one before, so a bin holds
-- a small share of any realistic spread of areas. Bin 0 holds everything below 2^(1/8) m², bin 320 everything
-- from 2^40 m² (the largest area taken is 10^10 m²). The edges are one array of numbers, written out here, and
-- an area's bin is its place among them (width_bucket: a binary search), so that a row on an edge is in exactly
-- one bin, the one whose lower edge it is, and the totals' bounds are the very same numbers.
DO $$
BEGIN
  EXECUTE format(
    'CREATE FUNCTION lahan_area_edges() RETURNS double precision[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS %L',
    format('SELECT %L::double precision[]',
      (SELECT array_agg(power(2::double precision, b / 8.0::double precision) ORDER BY b) FROM generate_series(1, 320) b)));
END;
$$;--> statement-breakpoint
CREATE FUNCTION lahan_area_bin(luas double precision) RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT width_bucket(luas, lahan_area_edges())
$$;--> statement-breakpoint
-- The lower edge of bin `bin` (bin 0: none).
CREATE FUNCTION lahan_area_edge(bin integer) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN bin <= 0 THEN '-Infinity'::double precision WHEN bin > 320 THEN 'Infinity'::double precision
    ELSE (lahan_area_edges())[bin] END
$$;--> statement-breakpoint
-- The bin as list_counts' k1: zero-padded, so that a range of bins is a range of the primary key.
CREATE FUNCTION lahan_area_key(bin integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lpad(bin::text, 3, '0')
$$;--> statement-breakpoint
-- The counters' functions take the entity they count under as an optional argument (default: the table's name),
-- so that one table can keep two sets of counters.
CREATE OR REPLACE FUNCTION list_counts_track() RETURNS trigger AS $$
DECLARE
  entity text := coalesce(TG_ARGV[3], TG_TABLE_NAME);
  rows_in text := format('SELECT %s AS k1, %s AS k2, 1 AS n, %s AS amount FROM new_rows',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
  rows_out text := format('SELECT %s AS k1, %s AS k2, -1 AS n, -(%s) AS amount FROM old_rows',
    TG_ARGV[0], TG_ARGV[1], TG_ARGV[2]);
BEGIN
  EXECUTE format(
    'INSERT INTO list_counts AS c (entity, k1, k2, shard, n, amount)
       SELECT %L, d.k1, d.k2, pg_backend_pid(), sum(d.n), coalesce(sum(d.amount), 0) FROM (%s) d
       GROUP BY d.k1, d.k2 HAVING sum(d.n) <> 0 OR coalesce(sum(d.amount), 0) <> 0 ORDER BY d.k1, d.k2
     ON CONFLICT (entity, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount',
    entity,
    CASE TG_OP WHEN 'INSERT' THEN rows_in WHEN 'DELETE' THEN rows_out ELSE rows_in || ' UNION ALL ' || rows_out END);
  PERFORM list_counts_fold(entity);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM list_counts WHERE entity = coalesce(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- No lahan written while the counters are filled in and their triggers attached.
LOCK TABLE lahan IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TRIGGER lahan_area_counts_insert AFTER INSERT ON lahan REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(
    'lahan_area_key(lahan_area_bin(luas_lahan))', 'status::text || '':'' || petani_verified::text', '0', 'lahan_area');--> statement-breakpoint
CREATE TRIGGER lahan_area_counts_delete AFTER DELETE ON lahan REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(
    'lahan_area_key(lahan_area_bin(luas_lahan))', 'status::text || '':'' || petani_verified::text', '0', 'lahan_area');--> statement-breakpoint
CREATE TRIGGER lahan_area_counts_update AFTER UPDATE ON lahan REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(
    'lahan_area_key(lahan_area_bin(luas_lahan))', 'status::text || '':'' || petani_verified::text', '0', 'lahan_area');--> statement-breakpoint
CREATE TRIGGER lahan_area_counts_truncate AFTER TRUNCATE ON lahan
  FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate('lahan_area');--> statement-breakpoint
INSERT INTO list_counts (entity, k1, k2, n)
  SELECT 'lahan_area', lahan_area_key(lahan_area_bin(luas_lahan)), status::text || ':' || petani_verified::text, count(*)
  FROM lahan GROUP BY 2, 3;
