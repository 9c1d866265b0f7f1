-- lahan.province_id is its location's province (locations.province_id, 20-location-names.sql), so that the lahan
-- list filters by province on one index (lahan_province_idx) without joining the areas. Kept in the writing
-- transaction, as petani_verified is (30-petani-verified.sql):
-- - on lahan, before an insert or a change of location, it is read from the location's row under FOR SHARE: a
--   move of that location, or of its sub-district or district (which rewrites the location's row), waits for
--   this transaction and then updates the location's lahan, this row among them; and this waits for a move in
--   progress, then reads its result;
-- - on locations, after their province changed, the location's lahan are updated (lahan_location_idx finds them).
CREATE OR REPLACE FUNCTION lahan_province_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- No location (or a missing one, which the foreign key refuses): no province.
  NEW.province_id := (SELECT province_id FROM locations WHERE id = NEW.location_id FOR SHARE);
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION lahan_province_of_location() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lahan SET province_id = NEW.province_id
  WHERE location_id = NEW.id AND province_id IS DISTINCT FROM NEW.province_id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER lahan_province_of_row BEFORE INSERT OR UPDATE OF location_id, province_id ON lahan
  FOR EACH ROW EXECUTE FUNCTION lahan_province_of_row();
CREATE OR REPLACE TRIGGER lahan_province_of_location AFTER UPDATE ON locations FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id)
  EXECUTE FUNCTION lahan_province_of_location();
