-- The finance view's totals over every contract (value delivered: Σ settled_gross; paid: Σ settled_paid) from
-- list_counts, kept by the contracts' triggers like the status counters (functions/50-list-counts.sql, entities
-- contracts_gross and contracts_paid), so that the summary reads a few rows instead of every contract. The
-- counts of the rows already there, in this migration's shard; the triggers come with the functions, next.
INSERT INTO list_counts (entity, k1, k2, shard, n, amount)
SELECT e.entity, '', '', pg_backend_pid(), count(*), coalesce(sum(CASE e.entity WHEN 'contracts_gross' THEN c.settled_gross ELSE c.settled_paid END), 0)
FROM contracts c CROSS JOIN (VALUES ('contracts_gross'), ('contracts_paid')) e(entity)
GROUP BY e.entity
HAVING count(*) > 0;
