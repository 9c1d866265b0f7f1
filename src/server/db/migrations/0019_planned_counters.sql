-- The counters (list_counts, migrations 0006/0008/0016) and the search pieces (search_pairs, 0015/0017) with
-- statements planned once. Their trigger functions were generic: each write built its statement from the
-- trigger's arguments and ran it with EXECUTE, parsed and planned anew, and list_counts also folded the rows of
-- gone connections on every write. On the demo data a lahan UPDATE that changed no counted column took 3.9–4.5 ms
-- instead of 1.2–1.4 ms without triggers, a status change 8.7–12.4 ms, renaming an account 18–22 ms.
--
-- Now each counted table has trigger functions of its own, written here from the same expressions, whose
-- statements PL/pgSQL prepares once per connection. They read the transition tables without joining them: an
-- UPDATE adds the new rows' keys and subtracts the old rows' (unchanged rows net to zero and write nothing), so
-- no plan made for a one-row write can turn quadratic on a bulk one. Folding (never waiting: SKIP LOCKED) runs
-- on about one write in a hundred for both, so the rows of gone connections wait a little longer to be merged:
-- the totals, sums over every shard, are the same.
-- A trigger function `fn` running one of three statements by operation, then the fold on about one write in a
-- hundred, and the table's AFTER INSERT, DELETE and UPDATE triggers `prefix`_insert… calling it.
CREATE PROCEDURE planned_triggers_attach(tbl text, prefix text, fn text,
  on_insert text, on_delete text, on_update text, fold text) LANGUAGE plpgsql AS $proc$
BEGIN
  EXECUTE format($f$CREATE FUNCTION %I() RETURNS trigger LANGUAGE plpgsql AS $body$
BEGIN
  IF TG_OP = 'INSERT' THEN
    %s;
  ELSIF TG_OP = 'DELETE' THEN
    %s;
  ELSE
    %s;
  END IF;
  IF random() < 0.01 THEN
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
$proc$;--> statement-breakpoint
-- The counters of `entity` (the table's name, or a second set such as lahan_area) over expressions k1, k2, amount.
CREATE PROCEDURE list_counts_plan(tbl text, entity text, k1 text, k2 text, amount text) LANGUAGE plpgsql AS $proc$
DECLARE
  rows_in text := format('SELECT %s AS k1, %s AS k2, 1 AS n, %s AS amount FROM new_rows', k1, k2, amount);
  rows_out text := format('SELECT %s AS k1, %s AS k2, -1 AS n, -(%s) AS amount FROM old_rows', k1, k2, amount);
  upsert text := 'INSERT INTO list_counts AS c (entity, k1, k2, shard, n, amount)
      SELECT %L, d.k1, d.k2, pg_backend_pid(), sum(d.n), coalesce(sum(d.amount), 0) FROM (%s) d
      GROUP BY d.k1, d.k2 HAVING sum(d.n) <> 0 OR coalesce(sum(d.amount), 0) <> 0 ORDER BY d.k1, d.k2
      ON CONFLICT (entity, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount';
BEGIN
  CALL planned_triggers_attach(tbl, CASE WHEN entity = tbl THEN 'list_counts' ELSE entity || '_counts' END,
    'list_counts_track_' || entity, format(upsert, entity, rows_in), format(upsert, entity, rows_out),
    format(upsert, entity, rows_in || ' UNION ALL ' || rows_out), format('list_counts_fold(%L)', entity));
END;
$proc$;--> statement-breakpoint
-- The search pieces of `tbl` by its column `k`.
CREATE PROCEDURE search_pairs_plan(tbl text, k text) LANGUAGE plpgsql AS $proc$
DECLARE
  rows_in text := format('SELECT p, %I::text, 1 FROM new_rows, search_pairs_of(search_text) p', k);
  rows_out text := format('SELECT p, %I::text, -1 FROM old_rows, search_pairs_of(search_text) p', k);
  -- An UPDATE counts only the rows whose text or key it changed: the others' pieces are not even made.
  rows_changed text := format('WITH n AS (SELECT id, search_text, %1$I::text AS k FROM new_rows
        EXCEPT ALL SELECT id, search_text, %1$I::text FROM old_rows),
      o AS (SELECT id, search_text, %1$I::text AS k FROM old_rows
        EXCEPT ALL SELECT id, search_text, %1$I::text FROM new_rows)
    SELECT p, k, 1 FROM n, search_pairs_of(search_text) p UNION ALL SELECT p, k, -1 FROM o, search_pairs_of(search_text) p',
    k);
  upsert text := 'INSERT INTO search_pairs AS c (entity, pair, k, shard, n)
      SELECT %L, s.p, s.k, pg_backend_pid(), sum(s.d) FROM (%s) s(p, k, d)
      GROUP BY s.p, s.k HAVING sum(s.d) <> 0 ORDER BY s.p, s.k
      ON CONFLICT (entity, pair, k, shard) DO UPDATE SET n = c.n + excluded.n';
BEGIN
  CALL planned_triggers_attach(tbl, 'search_text_pairs', 'search_pairs_track_' || tbl,
    format(upsert, tbl, rows_in), format(upsert, tbl, rows_out), format(upsert, tbl, rows_changed),
    format('search_pairs_fold(%L)', tbl));
END;
$proc$;--> statement-breakpoint
CALL list_counts_plan('users', 'users', 'role::text', 'status_verifikasi::text', '0');--> statement-breakpoint
CALL list_counts_plan('lahan', 'lahan', 'status::text', 'petani_verified::text', 'luas_lahan::numeric');--> statement-breakpoint
CALL list_counts_plan('lahan', 'lahan_area', 'lahan_area_key(lahan_area_bin(luas_lahan))',
  'status::text || '':'' || petani_verified::text', '0');--> statement-breakpoint
CALL list_counts_plan('contracts', 'contracts', 'status::text', '''''', '(price * quantity)::numeric');--> statement-breakpoint
CALL list_counts_plan('downloads', 'downloads', 'platform::text', 'is_active::text', '0');--> statement-breakpoint
CALL list_counts_plan('locations', 'locations', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_plan('land_categories', 'land_categories', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_plan('contract_categories', 'contract_categories', '''''', '''''', '0');--> statement-breakpoint
CALL list_counts_plan('audit_log', 'audit_log', '''''', '''''', '0');--> statement-breakpoint
CALL search_pairs_plan('lahan', 'status');--> statement-breakpoint
CALL search_pairs_plan('users', 'role');--> statement-breakpoint
CALL search_pairs_plan('contracts', 'status');--> statement-breakpoint
DROP FUNCTION list_counts_track();--> statement-breakpoint
DROP FUNCTION search_pairs_track();
