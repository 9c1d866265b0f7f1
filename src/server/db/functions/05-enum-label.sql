-- An enum value's label, for sorting a status column alphabetically (db/tables/columns.ts `alphabeticalRank`) on an
-- index. The enum's cast to text is only STABLE (a label can be renamed), so an index cannot use it directly;
-- this treats the label as fixed. A migration adding a status is then `ALTER TYPE … ADD VALUE` alone, with no
-- index to rebuild around the new value; one renaming a value (ALTER TYPE … RENAME VALUE) must REINDEX the
-- indexes on enum_label (lahan_status_rank_idx, contracts_status_rank_idx).
CREATE OR REPLACE FUNCTION enum_label(value anyenum) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT value::text $$;
