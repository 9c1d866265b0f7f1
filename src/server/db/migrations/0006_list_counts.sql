-- Exact totals at no-count cost: list_counts holds, per table and per combination of its enum
-- columns, how many rows it has. Statement-level triggers with transition tables keep it in the
-- writing transaction (a rolled-back write leaves it untouched; a bulk INSERT … SELECT updates each
-- key once). An UPDATE that changes no key column nets to zero and touches no counter row, so only
-- inserts, deletes and enum changes write a counter: one row per key, locked until the writer commits,
-- which serialises concurrent writers of the same key — acceptable at this product's write rate
-- (sign-ups, lahan and contract entry by people), and the reason the key stays a few enum values.
--
-- Trigger arguments: the SQL expressions of k1, k2 and amount over the table's columns.
CREATE OR REPLACE FUNCTION list_counts_track() RETURNS trigger AS $$
DECLARE
  k1 text := TG_ARGV[0];
  k2 text := TG_ARGV[1];
  amount text := TG_ARGV[2];
  rows_in text := format('SELECT %s AS k1, %s AS k2, 1 AS n, %s AS amount FROM new_rows', k1, k2, amount);
  rows_out text := format('SELECT %s AS k1, %s AS k2, -1 AS n, -(%s) AS amount FROM old_rows', k1, k2, amount);
  source text;
BEGIN
  source := CASE TG_OP
    WHEN 'INSERT' THEN rows_in
    WHEN 'DELETE' THEN rows_out
    ELSE rows_in || ' UNION ALL ' || rows_out
  END;
  EXECUTE format(
    'INSERT INTO list_counts AS c (entity, k1, k2, n, amount)
       SELECT %L, d.k1, d.k2, sum(d.n), coalesce(sum(d.amount), 0) FROM (%s) d
       GROUP BY d.k1, d.k2 HAVING sum(d.n) <> 0 OR coalesce(sum(d.amount), 0) <> 0
       ORDER BY d.k1, d.k2
     ON CONFLICT (entity, k1, k2) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount',
    TG_TABLE_NAME, source);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger AS $$
BEGIN
  DELETE FROM list_counts WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE OR REPLACE PROCEDURE list_counts_attach(tbl text, k1 text, k2 text, amount text) AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER list_counts_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(%L, %L, %L)', tbl, k1, k2, amount);
  EXECUTE format('CREATE TRIGGER list_counts_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(%L, %L, %L)', tbl, k1, k2, amount);
  EXECUTE format('CREATE TRIGGER list_counts_update AFTER UPDATE ON %I
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION list_counts_track(%L, %L, %L)', tbl, k1, k2, amount);
  EXECUTE format('CREATE TRIGGER list_counts_truncate AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate()', tbl);
  EXECUTE format(
    'INSERT INTO list_counts (entity, k1, k2, n, amount)
       SELECT %L, %s, %s, count(*), coalesce(sum(%s), 0) FROM %I GROUP BY 2, 3',
    tbl, k1, k2, amount, tbl);
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CALL list_counts_attach('users', 'role::text', 'status_verifikasi::text', '0');--> statement-breakpoint
CALL list_counts_attach('lahan', 'status::text', '''''', 'luas_lahan::numeric');--> statement-breakpoint
CALL list_counts_attach('contracts', 'status::text', '''''', '0');--> statement-breakpoint
CALL list_counts_attach('downloads', 'platform::text', 'is_active::text', '0');--> statement-breakpoint
CALL list_counts_attach('locations', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_attach('land_categories', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_attach('contract_categories', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_attach('audit_log', '''''', '''''', '0');
