-- A statement that counts nothing no longer folds. The trigger functions of migration 0019 folded (moved the
-- counter and piece rows of gone connections into the writer's own) on about one statement in a hundred,
-- whatever the statement wrote: an UPDATE that matched no row, such as a refused download hit of an inactive
-- entry (404, one statement on its own), could commit a change to list_counts. Now each folds only after its
-- own upsert wrote a row (its ROW_COUNT), which is when the rows to fold grow anyway; the totals are the same.
-- The functions 0019 wrote, and the procedure that writes them for a later table, are rewritten in place: their
-- text is the template's, changed in its two places, and a function not as 0019 wrote it stops the migration.
DO $migration$
DECLARE
  f regprocedure;
  before text;
  after text;
  declare_counted constant text[] := ARRAY[E'BEGIN\n  IF TG_OP', E'DECLARE\n  counted bigint;\nBEGIN\n  IF TG_OP'];
  fold_if_counted constant text[] := ARRAY[E'  END IF;\n  IF random() < 0.01 THEN',
    E'  END IF;\n  GET DIAGNOSTICS counted = ROW_COUNT;\n  IF counted > 0 AND random() < 0.01 THEN'];
BEGIN
  FOR f IN
    SELECT p.oid::regprocedure FROM pg_proc p
    WHERE p.pronamespace = current_schema()::regnamespace
      AND (p.proname = 'planned_triggers_attach' OR p.proname LIKE 'list\_counts\_track\_%'
        OR p.proname LIKE 'search\_pairs\_track\_%')
  LOOP
    before := pg_get_functiondef(f);
    IF array_length(string_to_array(before, declare_counted[1]), 1) <> 2
      OR array_length(string_to_array(before, fold_if_counted[1]), 1) <> 2 THEN
      RAISE EXCEPTION 'migration 0020: % is not as migration 0019 wrote it', f;
    END IF;
    after := replace(replace(before, declare_counted[1], declare_counted[2]), fold_if_counted[1], fold_if_counted[2]);
    EXECUTE after;
  END LOOP;
END
$migration$;
