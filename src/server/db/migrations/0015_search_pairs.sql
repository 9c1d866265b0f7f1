-- The exact total of a search for a word of one or two characters (tables/search-pairs.ts, db/search-pairs.ts):
-- such a word has no trigram, so the trigram index cannot find its rows, and counting them read every lahan or
-- account.
CREATE TABLE "search_pairs" (
	"entity" text NOT NULL,
	"pair" text NOT NULL,
	"k" text NOT NULL,
	"shard" integer DEFAULT 0 NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "search_pairs_entity_pair_k_shard_pk" PRIMARY KEY("entity","pair","k","shard")
);--> statement-breakpoint
-- The distinct pieces of one and two characters of a text: a word of `q` that short occurs in search_text exactly
-- when it is one of them (db/search-pairs.ts `pairsOf` is the same definition, for the bulk load).
CREATE FUNCTION search_pairs_of(doc text) RETURNS SETOF text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT substr(doc, i, 1) FROM generate_series(1, length(doc)) i
  UNION SELECT substr(doc, i, 2) FROM generate_series(1, length(doc) - 1) i
$$;--> statement-breakpoint
-- Moves the rows of connections that have gone into this connection's own (SKIP LOCKED: it never waits).
CREATE FUNCTION search_pairs_fold(tbl text) RETURNS void LANGUAGE sql AS $$
  WITH gone AS (
    DELETE FROM search_pairs WHERE ctid IN (
      SELECT ctid FROM search_pairs
      WHERE entity = tbl AND shard <> pg_backend_pid()
        AND shard NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)
      FOR UPDATE SKIP LOCKED)
    RETURNING pair, k, n)
  INSERT INTO search_pairs AS c (entity, pair, k, shard, n)
  SELECT tbl, pair, k, pg_backend_pid(), sum(n) FROM gone GROUP BY pair, k ORDER BY pair, k
  ON CONFLICT (entity, pair, k, shard) DO UPDATE SET n = c.n + excluded.n;
$$;--> statement-breakpoint
-- Statement-level, with transition tables: one aggregate per statement. Argument: the key column (lahan: status,
-- users: role). An update counts only the rows whose search_text or key changed. The fold runs on about one write
-- in a hundred: it reads every row of the list's pairs (thousands per connection), too many for each write.
CREATE FUNCTION search_pairs_track() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  k text := quote_ident(TG_ARGV[0]);
  source text := CASE TG_OP
    WHEN 'INSERT' THEN format('SELECT p, %s::text, 1 FROM new_rows, search_pairs_of(search_text) p', k)
    WHEN 'DELETE' THEN format('SELECT p, %s::text, -1 FROM old_rows, search_pairs_of(search_text) p', k)
    ELSE format('WITH changed AS (
            SELECT o.search_text AS old_text, o.%1$s::text AS old_key, n.search_text AS new_text, n.%1$s::text AS new_key
            FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE o.search_text IS DISTINCT FROM n.search_text OR o.%1$s IS DISTINCT FROM n.%1$s)
          SELECT p, new_key, 1 FROM changed, search_pairs_of(new_text) p
          UNION ALL SELECT p, old_key, -1 FROM changed, search_pairs_of(old_text) p', k)
  END;
BEGIN
  EXECUTE format(
    'INSERT INTO search_pairs AS c (entity, pair, k, shard, n)
       SELECT %L, s.p, s.k, pg_backend_pid(), sum(s.d) FROM (%s) s(p, k, d)
       GROUP BY s.p, s.k HAVING sum(s.d) <> 0 ORDER BY s.p, s.k
     ON CONFLICT (entity, pair, k, shard) DO UPDATE SET n = c.n + excluded.n',
    TG_TABLE_NAME, source);
  IF random() < 0.01 THEN
    PERFORM search_pairs_fold(TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE FUNCTION search_pairs_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_pairs WHERE entity = TG_TABLE_NAME;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- Named search_text…: the bulk load (seed/scale/bulk.ts) turns these off with the search_text triggers and
-- counts the pairs once over the loaded rows. The rows there are, with none written meanwhile (about 25 s per
-- 300,000 lahan and 10 s per 100,000 accounts, once).
CREATE PROCEDURE search_pairs_attach(tbl text, k text) LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER search_text_pairs_insert AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION search_pairs_track(%L)', tbl, k);
  EXECUTE format('CREATE TRIGGER search_text_pairs_delete AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
    FOR EACH STATEMENT EXECUTE FUNCTION search_pairs_track(%L)', tbl, k);
  EXECUTE format('CREATE TRIGGER search_text_pairs_update AFTER UPDATE ON %I
    REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_pairs_track(%L)',
    tbl, k);
  EXECUTE format('CREATE TRIGGER search_text_pairs_truncate AFTER TRUNCATE ON %I
    FOR EACH STATEMENT EXECUTE FUNCTION search_pairs_truncate()', tbl);
  EXECUTE format('LOCK TABLE %I IN SHARE MODE', tbl);
  EXECUTE format('INSERT INTO search_pairs (entity, pair, k, n)
    SELECT %L, p, %I::text, count(*) FROM %I, search_pairs_of(search_text) p GROUP BY 2, 3', tbl, k, tbl);
END;
$$;--> statement-breakpoint
CALL search_pairs_attach('lahan', 'status');--> statement-breakpoint
CALL search_pairs_attach('users', 'role');
