-- Search served by indexes: each list's `q` reads one lower-cased `search_text` column of the list's own table
-- with a trigram GIN index. Fields are joined one per line, so a word of `q` (it has no whitespace) matches
-- within one field, as when each field was searched on its own. `search_doc` skips NULL fields.
CREATE OR REPLACE FUNCTION search_doc(VARIADIC fields text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(array_to_string(fields, E'\n')) $$;
--> statement-breakpoint

-- What each list searches (docs/API.md). People: name, email, username, phone as stored (+62…) and as typed
-- (08…), and the profile's NIK and company name.
CREATE OR REPLACE FUNCTION users_search_doc(u users) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_doc(u.full_name, u.email, u.username, u.phone, replace(u.phone, '+62', '0'),
    (SELECT p.nik FROM petani_profiles p WHERE p.user_id = u.id),
    (SELECT m.nik FROM mitra_profiles m WHERE m.user_id = u.id),
    (SELECT m.company_name FROM mitra_profiles m WHERE m.user_id = u.id));
END;
$$;
--> statement-breakpoint
-- Lahan: its name and address, its owner's names and its location's name.
CREATE OR REPLACE FUNCTION lahan_search_doc(l lahan) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_doc(l.nama_lahan, l.address_lahan,
    (SELECT u.full_name FROM users u WHERE u.id = l.petani_id),
    (SELECT p.fullname_petani FROM petani_profiles p WHERE p.user_id = l.petani_id),
    (SELECT loc.location_name FROM locations loc WHERE loc.id = l.location_id));
END;
$$;
--> statement-breakpoint
-- Contracts: title, description, commodity and both parties' names.
CREATE OR REPLACE FUNCTION contracts_search_doc(c contracts) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_doc(c.title, c.description, c.commodity,
    (SELECT u.full_name FROM users u WHERE u.id = c.petani_id),
    (SELECT p.fullname_petani FROM petani_profiles p WHERE p.user_id = c.petani_id),
    (SELECT u.full_name FROM users u WHERE u.id = c.mitra_id),
    (SELECT m.fullname_mitra FROM mitra_profiles m WHERE m.user_id = c.mitra_id));
END;
$$;
--> statement-breakpoint
-- Locations: its name and its province's name.
CREATE OR REPLACE FUNCTION locations_search_doc(l locations) RETURNS text LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN search_doc(l.location_name,
    (SELECT p.province_name FROM sub_districts s JOIN districts d ON d.id = s.district_id
       JOIN provinces p ON p.id = d.province_id WHERE s.id = l.sub_district_id));
END;
$$;
--> statement-breakpoint

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
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lahan" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "locations" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF full_name, email, username, phone ON users
  FOR EACH ROW EXECUTE FUNCTION search_text_of_row();--> statement-breakpoint
CREATE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF nama_lahan, address_lahan, petani_id, location_id
  ON lahan FOR EACH ROW EXECUTE FUNCTION search_text_of_row();--> statement-breakpoint
CREATE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF title, description, commodity, petani_id, mitra_id
  ON contracts FOR EACH ROW EXECUTE FUNCTION search_text_of_row();--> statement-breakpoint
CREATE TRIGGER search_text_of_row BEFORE INSERT OR UPDATE OF location_name, sub_district_id ON locations
  FOR EACH ROW EXECUTE FUNCTION search_text_of_row();--> statement-breakpoint

-- Rows whose search_text draws on a changed row are rewritten in the same statement. Setting search_text alone
-- fires none of the BEFORE triggers above (they watch the source columns).
CREATE OR REPLACE FUNCTION search_text_refresh_users(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE users u SET search_text = users_search_doc(u) WHERE u.id = ANY(ids)
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION search_text_refresh_parties(ids int[]) RETURNS void LANGUAGE sql AS $$
  UPDATE lahan l SET search_text = lahan_search_doc(l) WHERE l.petani_id = ANY(ids);
  UPDATE contracts c SET search_text = contracts_search_doc(c) WHERE c.petani_id = ANY(ids);
  UPDATE contracts c SET search_text = contracts_search_doc(c) WHERE c.mitra_id = ANY(ids);
$$;
--> statement-breakpoint
-- A user renamed: their lahan and contracts.
CREATE OR REPLACE FUNCTION search_text_user_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM search_text_refresh_parties(ARRAY[NEW.id]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_text_user_renamed AFTER UPDATE OF full_name ON users FOR EACH ROW
  WHEN (OLD.full_name IS DISTINCT FROM NEW.full_name) EXECUTE FUNCTION search_text_user_renamed();--> statement-breakpoint
-- A profile added, changed or removed: its user, and that user's lahan and contracts. Statement-level with
-- transition tables, so that a bulk insert of profiles rewrites each table once.
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
--> statement-breakpoint
CREATE TRIGGER search_text_profile_insert AFTER INSERT ON petani_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
CREATE TRIGGER search_text_profile_update AFTER UPDATE ON petani_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
CREATE TRIGGER search_text_profile_delete AFTER DELETE ON petani_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
CREATE TRIGGER search_text_profile_insert AFTER INSERT ON mitra_profiles REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
CREATE TRIGGER search_text_profile_update AFTER UPDATE ON mitra_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
CREATE TRIGGER search_text_profile_delete AFTER DELETE ON mitra_profiles REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION search_text_profiles_changed();--> statement-breakpoint
-- A location renamed: its lahan.
CREATE OR REPLACE FUNCTION search_text_location_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lahan l SET search_text = lahan_search_doc(l) WHERE l.location_id = NEW.id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER search_text_location_renamed AFTER UPDATE OF location_name ON locations FOR EACH ROW
  WHEN (OLD.location_name IS DISTINCT FROM NEW.location_name) EXECUTE FUNCTION search_text_location_renamed();--> statement-breakpoint
-- A province renamed, or an area moved to another province: the locations under it.
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
--> statement-breakpoint
CREATE TRIGGER search_text_area_changed AFTER UPDATE OF province_name ON provinces FOR EACH ROW
  WHEN (OLD.province_name IS DISTINCT FROM NEW.province_name) EXECUTE FUNCTION search_text_area_changed();--> statement-breakpoint
CREATE TRIGGER search_text_area_changed AFTER UPDATE OF province_id ON districts FOR EACH ROW
  WHEN (OLD.province_id IS DISTINCT FROM NEW.province_id) EXECUTE FUNCTION search_text_area_changed();--> statement-breakpoint
CREATE TRIGGER search_text_area_changed AFTER UPDATE OF district_id ON sub_districts FOR EACH ROW
  WHEN (OLD.district_id IS DISTINCT FROM NEW.district_id) EXECUTE FUNCTION search_text_area_changed();--> statement-breakpoint

-- Existing rows, users before the lahan and contracts that read their names.
UPDATE users u SET search_text = users_search_doc(u);--> statement-breakpoint
UPDATE locations l SET search_text = locations_search_doc(l);--> statement-breakpoint
UPDATE lahan l SET search_text = lahan_search_doc(l);--> statement-breakpoint
UPDATE contracts c SET search_text = contracts_search_doc(c);--> statement-breakpoint
ALTER TABLE "land_categories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_doc("type_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_categories" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_doc("type_name")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "downloads" ADD COLUMN "search_text" text GENERATED ALWAYS AS (search_doc("name", "version", "description")) STORED NOT NULL;--> statement-breakpoint

-- The single-column trigram indexes served only the old per-field search.
DROP INDEX IF EXISTS "users_full_name_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "users_email_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "petani_fullname_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "mitra_fullname_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "locations_name_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "lahan_nama_trgm";--> statement-breakpoint
DROP INDEX IF EXISTS "contracts_title_trgm";--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "lahan_search_trgm" ON "lahan" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contracts_search_trgm" ON "contracts" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "locations_search_trgm" ON "locations" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "land_categories_search_trgm" ON "land_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contract_categories_search_trgm" ON "contract_categories" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "downloads_search_trgm" ON "downloads" USING gin ("search_text" gin_trgm_ops);
