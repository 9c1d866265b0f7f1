-- Counter rows per connection: a connection adds into rows of its own (shard = its backend pid), so no
-- writer waits for another's uncommitted counter update — no hot row, and no deadlock between two
-- transactions that touch the same keys in different orders. A total is the sum over the shards.
-- Each write also folds the rows of connections that have gone into its own (SKIP LOCKED: it never
-- waits), so the number of rows stays about keys × open connections.
ALTER TABLE "list_counts" ADD COLUMN "shard" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counts" DROP CONSTRAINT "list_counts_entity_k1_k2_pk";--> statement-breakpoint
ALTER TABLE "list_counts" ADD CONSTRAINT "list_counts_entity_k1_k2_shard_pk" PRIMARY KEY("entity","k1","k2","shard");--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_counts_fold(tbl text) RETURNS void AS $$
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
$$ LANGUAGE sql;
--> statement-breakpoint
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
    'INSERT INTO list_counts AS c (entity, k1, k2, shard, n, amount)
       SELECT %L, d.k1, d.k2, pg_backend_pid(), sum(d.n), coalesce(sum(d.amount), 0) FROM (%s) d
       GROUP BY d.k1, d.k2 HAVING sum(d.n) <> 0 OR coalesce(sum(d.amount), 0) <> 0
     ON CONFLICT (entity, k1, k2, shard) DO UPDATE SET n = c.n + excluded.n, amount = c.amount + excluded.amount',
    TG_TABLE_NAME, source);
  PERFORM list_counts_fold(TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
