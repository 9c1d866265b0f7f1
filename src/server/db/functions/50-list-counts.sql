-- The list counters: list_counts holds, per entity and pair of keys (k1, k2), how many rows there are and the
-- sum of an amount, so a list's unfiltered or enum-filtered total is a read of a few rows (db/lists/list-spec.ts,
-- `counted`). Each writing connection adds to its own shard (its backend pid), so concurrent writers never wait
-- for one another; the total is the sum over shards.

-- A trigger function `fn` running one of three statements by operation, then, when it wrote a row, the fold on
-- about one write in a hundred; and the table's AFTER INSERT, DELETE and UPDATE triggers `prefix`_insert… calling
-- it. Each table's statements are written into a function of its own, so PL/pgSQL plans them once per connection.
-- Used by list_counts_plan below.
CREATE OR REPLACE PROCEDURE planned_triggers_attach(tbl text, prefix text, fn text,
  on_insert text, on_delete text, on_update text, fold text) LANGUAGE plpgsql AS $proc$
BEGIN
  EXECUTE format($f$CREATE OR REPLACE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
DECLARE
  counted bigint;
BEGIN
  IF TG_OP = 'INSERT' THEN
    %s;
  ELSIF TG_OP = 'DELETE' THEN
    %s;
  ELSE
    %s;
  END IF;
  GET DIAGNOSTICS counted = ROW_COUNT;
  IF counted > 0 AND random() < 0.01 THEN
    PERFORM %s;
  END IF;
  RETURN NULL;
END
$body$
$f$, fn, on_insert, on_delete, on_update, fold);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION %I()', prefix || '_insert', tbl, fn);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION %I()', prefix || '_delete', tbl, fn);
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION %I()', prefix || '_update', tbl, fn);
END;
$proc$;

-- Moves the counter rows of connections that are gone into the caller's shard (never waiting: SKIP LOCKED).
CREATE OR REPLACE FUNCTION list_counts_fold(tbl text) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM list_counts WHERE ctid IN (
      SELECT ctid FROM list_counts
      WHERE entity = tbl AND shard <> pg_backend_pid()
        AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING k1, k2, n, amount)
  INSERT INTO list_counts AS c (entity, k1, k2, shard, n, amount)
  SELECT tbl, k1, k2, pg_backend_pid(), sum(n), sum(amount) FROM gone GROUP BY k1, k2 ORDER BY k1, k2
  ON CONFLICT (entity, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount;
$$;

-- A truncated table's counters go with it (the entity is the trigger's argument, or the table's name).
CREATE OR REPLACE FUNCTION list_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_counts WHERE entity = coalesce(TG_ARGV[0], TG_TABLE_NAME);
  RETURN NULL;
END;
$$;

-- The counters of `entity` (the table's name, or a second set such as lahan_area) over the row expressions k1, k2
-- and amount: the trigger function list_counts_track_<entity> and the table's triggers list_counts_* (for a second
-- set <entity>_counts_*), TRUNCATE included. It fills in no counts: a table that already holds rows when it gets
-- counters needs its counts inserted by a migration (INSERT INTO list_counts … SELECT … GROUP BY). Also
-- list_counts_recount_<entity>(): the entity's counters made anew from the whole table, in the caller's shard, by
-- the triggers' own statement over all its rows (a bulk load, db/seed/scale/bulk.ts, inserts with the insert
-- trigger off and then recounts).
CREATE OR REPLACE PROCEDURE list_counts_plan(tbl text, entity text, k1 text, k2 text, amount text)
LANGUAGE plpgsql AS $proc$
DECLARE
  prefix text := CASE WHEN entity = tbl THEN 'list_counts' ELSE entity || '_counts' END;
  rows_in text := format('SELECT %s AS k1, %s AS k2, 1 AS n, %s AS amount FROM new_rows', k1, k2, amount);
  rows_out text := format('SELECT %s AS k1, %s AS k2, -1 AS n, -(%s) AS amount FROM old_rows', k1, k2, amount);
  upsert text := 'INSERT INTO list_counts AS c (entity, k1, k2, shard, n, amount)
      SELECT %L, d.k1, d.k2, pg_backend_pid(), sum(d.n), coalesce(sum(d.amount), 0) FROM (%s) d
      GROUP BY d.k1, d.k2 HAVING sum(d.n) <> 0 OR coalesce(sum(d.amount), 0) <> 0 ORDER BY d.k1, d.k2
      ON CONFLICT (entity, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount';
BEGIN
  CALL planned_triggers_attach(tbl, prefix,
    'list_counts_track_' || entity, format(upsert, entity, rows_in), format(upsert, entity, rows_out),
    format(upsert, entity, rows_in || ' UNION ALL ' || rows_out), format('list_counts_fold(%L)', entity));
  EXECUTE format('CREATE OR REPLACE FUNCTION %I() RETURNS void LANGUAGE sql AS %L',
    'list_counts_recount_' || entity,
    format('DELETE FROM list_counts WHERE entity = %L; ', entity)
      || format(upsert, entity, replace(rows_in, 'FROM new_rows', format('FROM %I', tbl))));
  EXECUTE format('CREATE OR REPLACE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION list_counts_truncate(%s)',
    prefix || '_truncate', tbl, CASE WHEN entity = tbl THEN '' ELSE quote_literal(entity) END);
END;
$proc$;

-- The counted tables: one line each (table, entity, k1, k2, amount; '''''' is the empty key).
CALL list_counts_plan('users', 'users', 'role::text', 'status_verifikasi::text', '0');
CALL list_counts_plan('lahan', 'lahan', 'status::text', 'petani_verified::text', 'luas_lahan::numeric');
CALL list_counts_plan('lahan', 'lahan_area', 'lahan_area_key(lahan_area_bin(luas_lahan))',
  'status::text || '':'' || petani_verified::text', '0');
CALL list_counts_plan('contracts', 'contracts', 'status::text', '''''', '(price * quantity)::numeric');
-- The finance view's value delivered and paid over every contract (modules/finance).
CALL list_counts_plan('contracts', 'contracts_gross', '''''', '''''', 'settled_gross::numeric');
CALL list_counts_plan('contracts', 'contracts_paid', '''''', '''''', 'settled_paid::numeric');
CALL list_counts_plan('downloads', 'downloads', 'platform::text', 'is_active::text', '0');
CALL list_counts_plan('locations', 'locations', '''''', '''''', '0');
CALL list_counts_plan('land_categories', 'land_categories', '''''', '''''', '0');
CALL list_counts_plan('contract_categories', 'contract_categories', '''''', '''''', '0');
CALL list_counts_plan('audit_log', 'audit_log', '''''', '''''', '0');
