-- Each location carries the names of its sub-district, district and province (a lahan read joins one table for
-- its place instead of four) and its province's id (its lahan copy it: 35-lahan-province.sql), kept true in the
-- writing transaction:
-- - a location inserted, or moved to another sub-district, reads the names under FOR SHARE: an area rename in
--   progress is waited for and then read, and one that starts later waits for this transaction;
-- - an area renamed, or moved under another parent, rewrites the names of every location under it.
CREATE OR REPLACE FUNCTION location_area_names() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.sub_district_name, d.district_name, p.province_name, p.id
    INTO NEW.sub_district_name, NEW.district_name, NEW.province_name, NEW.province_id
  FROM sub_districts s JOIN districts d ON d.id = s.district_id JOIN provinces p ON p.id = d.province_id
  WHERE s.id = NEW.sub_district_id
  FOR SHARE;
  -- A missing sub-district leaves the names empty (and no province), and the foreign key refuses the row.
  NEW.sub_district_name := coalesce(NEW.sub_district_name, '');
  NEW.district_name := coalesce(NEW.district_name, '');
  NEW.province_name := coalesce(NEW.province_name, '');
  RETURN NEW;
END;
$$;

CREATE OR REPLACE FUNCTION location_area_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations l
  SET sub_district_name = a.sub_district_name, district_name = a.district_name, province_name = a.province_name,
    province_id = a.province_id
  FROM (
    SELECT s.id, s.sub_district_name, d.district_name, p.province_name, p.id AS province_id
    FROM sub_districts s JOIN districts d ON d.id = s.district_id JOIN provinces p ON p.id = d.province_id
    WHERE CASE TG_TABLE_NAME
      WHEN 'provinces' THEN p.id = NEW.id
      WHEN 'districts' THEN d.id = NEW.id
      ELSE s.id = NEW.id
    END
  ) a
  WHERE l.sub_district_id = a.id;
  RETURN NULL;
END;
$$;

-- Also on a write of province_id itself, which the lahan copy: it is put back.
CREATE OR REPLACE TRIGGER location_area_names BEFORE INSERT OR UPDATE OF sub_district_id, province_id ON locations
  FOR EACH ROW EXECUTE FUNCTION location_area_names();
CREATE OR REPLACE TRIGGER location_area_changed AFTER UPDATE OF province_name ON provinces FOR EACH ROW
  WHEN (OLD.province_name IS DISTINCT FROM NEW.province_name)
  EXECUTE FUNCTION location_area_changed();
CREATE OR REPLACE TRIGGER location_area_changed AFTER UPDATE OF district_name, province_id ON districts FOR EACH ROW
  WHEN (OLD.district_name IS DISTINCT FROM NEW.district_name OR OLD.province_id IS DISTINCT FROM NEW.province_id)
  EXECUTE FUNCTION location_area_changed();
CREATE OR REPLACE TRIGGER location_area_changed AFTER UPDATE OF sub_district_name, district_id ON sub_districts
  FOR EACH ROW
  WHEN (OLD.sub_district_name IS DISTINCT FROM NEW.sub_district_name OR OLD.district_id IS DISTINCT FROM NEW.district_id)
  EXECUTE FUNCTION location_area_changed();
