-- Each list's search document, defined once over a set of rows: a bulk load (seed:scale) computes the
-- documents of all its rows in one join instead of one trigger call per row, and the row triggers and
-- refreshes of 0007_search_columns read the same definition through the one-row wrappers below.
-- The joins are LEFT JOINs on keys (a profile's user_id, a location's id …), so each row gets what the
-- scalar subqueries of 0007 gave it.
CREATE OR REPLACE FUNCTION users_search_docs(batch users[]) RETURNS TABLE (id integer, doc text)
  LANGUAGE sql STABLE AS $$
  SELECT u.id, search_doc(u.full_name, u.email, u.username, u.phone, replace(u.phone, '+62', '0'),
    p.nik, m.nik, m.company_name)
  FROM unnest(batch) u
  LEFT JOIN petani_profiles p ON p.user_id = u.id
  LEFT JOIN mitra_profiles m ON m.user_id = u.id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lahan_search_docs(batch lahan[]) RETURNS TABLE (id integer, doc text)
  LANGUAGE sql STABLE AS $$
  SELECT l.id, search_doc(l.nama_lahan, l.address_lahan, u.full_name, p.fullname_petani, loc.location_name)
  FROM unnest(batch) l
  LEFT JOIN users u ON u.id = l.petani_id
  LEFT JOIN petani_profiles p ON p.user_id = l.petani_id
  LEFT JOIN locations loc ON loc.id = l.location_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION contracts_search_docs(batch contracts[]) RETURNS TABLE (id integer, doc text)
  LANGUAGE sql STABLE AS $$
  SELECT c.id, search_doc(c.title, c.description, c.commodity, pu.full_name, pp.fullname_petani,
    mu.full_name, mp.fullname_mitra)
  FROM unnest(batch) c
  LEFT JOIN users pu ON pu.id = c.petani_id
  LEFT JOIN petani_profiles pp ON pp.user_id = c.petani_id
  LEFT JOIN users mu ON mu.id = c.mitra_id
  LEFT JOIN mitra_profiles mp ON mp.user_id = c.mitra_id
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION locations_search_docs(batch locations[]) RETURNS TABLE (id integer, doc text)
  LANGUAGE sql STABLE AS $$
  SELECT l.id, search_doc(l.location_name, a.province_name)
  FROM unnest(batch) l
  LEFT JOIN (
    SELECT s.id, p.province_name FROM sub_districts s JOIN districts d ON d.id = s.district_id
    JOIN provinces p ON p.id = d.province_id
  ) a ON a.id = l.sub_district_id
$$;
--> statement-breakpoint
-- The one-row wrappers keep the names and parameter names of 0007 (users_search_doc(u users) …).
DO $$
DECLARE
  t text[];
BEGIN
  FOREACH t SLICE 1 IN ARRAY ARRAY[['users', 'u'], ['lahan', 'l'], ['contracts', 'c'], ['locations', 'l']] LOOP
    EXECUTE format(
      'CREATE OR REPLACE FUNCTION %1$s_search_doc(%2$s %1$s) RETURNS text LANGUAGE sql STABLE AS '
      '$f$ SELECT d.doc FROM %1$s_search_docs(ARRAY[%2$s]) d $f$', t[1], t[2]);
  END LOOP;
END;
$$;
