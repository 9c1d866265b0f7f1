-- Each searched list reads one lower-cased `search_text` column of its own table, with a trigram GIN index.
-- Fields are joined one per line, so a word of `q` (it has no whitespace) matches within one field. `search_doc`
-- skips NULL fields. It is also the expression of the generated search_text of land_categories,
-- contract_categories and downloads, which the migration that made them needed before this file runs.
CREATE OR REPLACE FUNCTION search_doc(VARIADIC fields text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(fields, E'\n')) $$;

-- What each list searches (docs/API.md): `<tbl>_search_docs(batch <tbl>[])` for a batch of rows (a bulk load
-- computes many at once) and `<tbl>_search_doc(<r> <tbl>)` for one row. `r` is the row's alias in `fields`
-- (the search_doc arguments) and in `joins` (the LEFT JOINs the fields draw on).
CREATE OR REPLACE PROCEDURE search_docs_define(tbl text, r text, fields text, joins text) LANGUAGE plpgsql AS $proc$
BEGIN
  EXECUTE format($f$CREATE OR REPLACE FUNCTION %I(batch %I[]) RETURNS TABLE(id integer, doc text)
LANGUAGE sql STABLE AS $body$
  SELECT %I.id, search_doc(%s)
  FROM unnest(batch) %I
  %s
$body$
$f$, tbl || '_search_docs', tbl, r, fields, r, joins);
  EXECUTE format('CREATE OR REPLACE FUNCTION %I(%I %I) RETURNS text LANGUAGE sql STABLE
  AS $$ SELECT d.doc FROM %I(ARRAY[%I]) d $$', tbl || '_search_doc', r, tbl, tbl || '_search_docs', r);
END;
$proc$;

-- People: name, email, username, phone as stored (+62…) and as typed (08…), the profile's NIK and company name.
CALL search_docs_define('users', 'u',
  $$u.full_name, u.email, u.username, u.phone, replace(u.phone, '+62', '0'), p.nik, m.nik, m.company_name$$,
  $$LEFT JOIN petani_profiles p ON p.user_id = u.id
  LEFT JOIN mitra_profiles m ON m.user_id = u.id$$);

-- Lahan: its name and address, its owner's names and its location's name.
CALL search_docs_define('lahan', 'l', $$l.nama_lahan, l.address_lahan, u.full_name, p.fullname_petani, loc.location_name$$,
  $$LEFT JOIN users u ON u.id = l.petani_id
  LEFT JOIN petani_profiles p ON p.user_id = l.petani_id
  LEFT JOIN locations loc ON loc.id = l.location_id$$);

-- Contracts: title, description, commodity and both parties' names.
CALL search_docs_define('contracts', 'c',
  $$c.title, c.description, c.commodity, pu.full_name, pp.fullname_petani, mu.full_name, mp.fullname_mitra$$,
  $$LEFT JOIN users pu ON pu.id = c.petani_id
  LEFT JOIN petani_profiles pp ON pp.user_id = c.petani_id
  LEFT JOIN users mu ON mu.id = c.mitra_id
  LEFT JOIN mitra_profiles mp ON mp.user_id = c.mitra_id$$);

-- Locations: its name and its province's name.
CALL search_docs_define('locations', 'l', $$l.location_name, a.province_name$$,
  $$LEFT JOIN (
    SELECT s.id, p.province_name FROM sub_districts s JOIN districts d ON d.id = s.district_id
    JOIN provinces p ON p.id = d.province_id
  ) a ON a.id = l.sub_district_id$$);

-- A row's own search_text, before it is written.
CREATE OR REPLACE FUNCTION search_text_of_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'users' THEN
    NEW.search_text := users_search_doc(NEW);
  ELSIF TG_TABLE_NAME = 'lahan' THEN
    NEW.search_text := lahan_search_doc(NEW);
  ELSIF TG_TABLE_NAME = 'contracts' THEN
    NEW.search_text := contracts_search_doc(NEW);
  ELSE
    NEW.search_text := locations_search_doc(NEW);
  END IF;
  RETURN NEW;
END;
$$;

-- The texts that draw on other tables follow them: a person's names and profile, a location's name, an area.
CREATE OR REPLACE FUNCTION search_text_refresh_users(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET search_text = users_search_doc(u) WHERE u.id = ANY(ids)
$$;
CREATE OR REPLACE FUNCTION search_text_refresh_parties(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE lahan l SET search_text = lahan_search_doc(l) WHERE l.petani_id = ANY(ids);
  UPDATE contracts c SET search_text = contracts_search_doc(c) WHERE c.petani_id = ANY(ids);
  UPDATE contracts c SET search_text = contracts_search_doc(c) WHERE c.mitra_id = ANY(ids);
$$;

CREATE OR REPLACE FUNCTION search_text_user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_text_refresh_parties(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION search_text_profiles_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids int[];
BEGIN
  IF TG_OP = 'DELETE' THEN
    SELECT array_agg(user_id) INTO ids FROM old_rows;
  ELSE
    SELECT array_agg(user_id) INTO ids FROM new_rows;
  END IF;
  IF ids IS NOT NULL THEN
    PERFORM search_text_refresh_users(ids);
    PERFORM search_text_refresh_parties(ids);
  END IF;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION search_text_location_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lahan l SET search_text = lahan_search_doc(l) WHERE l.location_id = NEW.id;
  RETURN NULL;
END;
$$;

CREATE OR REPLACE FUNCTION search_text_area_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE locations l SET search_text = locations_search_doc(l)
  WHERE l.sub_district_id IN (
    SELECT s.id FROM sub_districts s JOIN districts d ON d.id = s.district_id
    WHERE CASE TG_TABLE_NAME
      WHEN 'provinces' THEN d.province_id = NEW.id
      WHEN 'districts' THEN d.id = NEW.id
      ELSE s.id = NEW.id
    END);
  RETURN NULL;
END;
$$;

CREATE OR REPLACE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF full_name, email, username, phone ON users
  FOR EACH ROW EXECUTE FUNCTION search_text_of_row();
CREATE OR REPLACE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF nama_lahan, address_lahan, petani_id, location_id
  ON lahan FOR EACH ROW EXECUTE FUNCTION search_text_of_row();
CREATE OR REPLACE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF title, description, commodity, petani_id, mitra_id
  ON contracts FOR EACH ROW EXECUTE FUNCTION search_text_of_row();
CREATE OR REPLACE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF location_name, sub_district_id ON locations
  FOR EACH ROW EXECUTE FUNCTION search_text_of_row();

CREATE OR REPLACE TRIGGER search_text_user_renamed AFTER UPDATE OF full_name ON users FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION search_text_user_renamed();

-- Both profile tables, each with a statement trigger per operation over its transition tables.
DO $$
DECLARE
  profiles text;
BEGIN
  FOREACH profiles IN ARRAY ARRAY['petani_profiles', 'mitra_profiles'] LOOP
    EXECUTE format('CREATE OR REPLACE TRIGGER search_text_profile_insert AFTER INSERT ON %I
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed()', profiles);
    EXECUTE format('CREATE OR REPLACE TRIGGER search_text_profile_update AFTER UPDATE ON %I REFERENCING OLD TABLE
      AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed()', profiles);
    EXECUTE format('CREATE OR REPLACE TRIGGER search_text_profile_delete AFTER DELETE ON %I
      REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed()', profiles);
  END LOOP;
END;
$$;

CREATE OR REPLACE TRIGGER search_text_location_renamed AFTER UPDATE OF location_name ON locations FOR EACH ROW
  WHEN (OLD.location_name IS DISTINCT FROM NEW.location_name) EXECUTE FUNCTION search_text_location_renamed();

CREATE OR REPLACE TRIGGER search_text_area_changed AFTER UPDATE OF province_name ON provinces FOR EACH ROW
  WHEN (OLD.province_name IS DISTINCT FROM NEW.province_name) EXECUTE FUNCTION search_text_area_changed();
CREATE OR REPLACE TRIGGER search_text_area_changed AFTER UPDATE OF province_id ON districts FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id) EXECUTE FUNCTION search_text_area_changed();
CREATE OR REPLACE TRIGGER search_text_area_changed AFTER UPDATE OF district_id ON sub_districts FOR EACH ROW
  WHEN (OLD.district_id IS DISTINCT FROM NEW.district_id) EXECUTE FUNCTION search_text_area_changed();
