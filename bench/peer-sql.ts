/**
 * The statements of the PostgREST-shaped peer (bench/peer.ts): what PostgREST builds for the same pages, with the
 * values as parameters. bench/search-cpu.ts runs the petani search's too.
 */
export const petaniStatement = (search: boolean) => {
  const where = `WHERE "public"."users"."role" = $1${search ? ' AND "public"."users"."search_text" LIKE $4' : ''}`;
  return `
    WITH pgrst_source AS (
      SELECT "public"."users"."id", "public"."users"."role", "public"."users"."email", "public"."users"."username",
             "public"."users"."full_name", "public"."users"."phone", "public"."users"."status_verifikasi",
             "public"."users"."created_at", "public"."users"."updated_at",
             row_to_json("users_petani_profiles_1".*)::json AS "petani_profiles"
      FROM "public"."users"
      LEFT JOIN LATERAL (
        SELECT "petani_profiles_1"."nik", "petani_profiles_1"."alamat", "petani_profiles_1"."fullname_petani"
        FROM "public"."petani_profiles" AS "petani_profiles_1"
        WHERE "petani_profiles_1"."user_id" = "public"."users"."id"
      ) AS "users_petani_profiles_1" ON TRUE
      ${where}
      ORDER BY "public"."users"."created_at" DESC, "public"."users"."id" DESC
      LIMIT $2 OFFSET $3
    ), pgrst_source_count AS (
      SELECT 1 FROM "public"."users" ${where}
    )
    SELECT (SELECT pg_catalog.count(*) FROM pgrst_source_count) AS total_result_set,
           pg_catalog.count(_postgrest_t) AS page_total,
           coalesce(json_agg(_postgrest_t), '[]')::text AS body,
           nullif(current_setting('response.headers', true), '') AS response_headers,
           nullif(current_setting('response.status', true), '') AS response_status
    FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
};

export const LAHAN_ONE = `
  WITH pgrst_source AS (
    SELECT "public"."lahan".*,
           row_to_json("lahan_petani_1".*)::json AS "petani",
           row_to_json("lahan_location_1".*)::json AS "location",
           row_to_json("lahan_category_1".*)::json AS "category"
    FROM "public"."lahan"
    LEFT JOIN LATERAL (
      SELECT "petani_1"."id", "petani_1"."full_name" FROM "public"."users" AS "petani_1"
      WHERE "petani_1"."id" = "public"."lahan"."petani_id"
    ) AS "lahan_petani_1" ON TRUE
    LEFT JOIN LATERAL (
      SELECT "location_1"."id", "location_1"."location_name" FROM "public"."locations" AS "location_1"
      WHERE "location_1"."id" = "public"."lahan"."location_id"
    ) AS "lahan_location_1" ON TRUE
    LEFT JOIN LATERAL (
      SELECT "category_1"."id", "category_1"."type_name" FROM "public"."land_categories" AS "category_1"
      WHERE "category_1"."id" = "public"."lahan"."category_id"
    ) AS "lahan_category_1" ON TRUE
    WHERE "public"."lahan"."id" = $1
  )
  SELECT null::bigint AS total_result_set,
         pg_catalog.count(_postgrest_t) AS page_total,
         coalesce((json_agg(_postgrest_t)->0)::text, 'null') AS body,
         nullif(current_setting('response.headers', true), '') AS response_headers,
         nullif(current_setting('response.status', true), '') AS response_status
  FROM ( SELECT * FROM pgrst_source ) _postgrest_t`;
