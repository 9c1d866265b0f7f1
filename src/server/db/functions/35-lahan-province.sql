-- lahan.province_id is its location's province (locations.province_id, 20-location-names.sql), so that the lahan
-- list filters by province on one index (lahan_province_idx) without joining the areas. One function keeps it in
-- the writing transaction, on either table:
-- - lahan, before an insert or a change of location: read from the location's row under FOR SHARE. A move of
--   that location, or of its sub-district or district (which rewrites the location's row), waits for this
--   transaction and then updates the location's lahan, this row among them; this waits for a move in progress,
--   then reads its result. No location (or a missing one, which the foreign key refuses): no province.
-- - locations, after their province changed: the location's lahan follow (lahan_location_idx finds them).
CREATE OR REPLACE FUNCTION lahan_province() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'lahan' THEN
    NEW.province_id := (SELECT province_id FROM locations WHERE id = NEW.location_id FOR SHARE);
    RETURN NEW;
  END IF;
  -- Each of them holds the old province (the trigger runs only when it changed).
  UPDATE lahan SET province_id = NEW.province_id WHERE location_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER lahan_province BEFORE INSERT OR UPDATE OF location_id, province_id ON lahan
  FOR EACH ROW EXECUTE FUNCTION lahan_province();
CREATE OR REPLACE TRIGGER lahan_province AFTER UPDATE ON locations FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id) EXECUTE FUNCTION lahan_province();
