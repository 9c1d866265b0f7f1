-- The statements of one petani search page (GET /admin/petani?q=budi&limit=10) as the app sends them (its session
-- check left out: four buffers), at 100k and at ten times the data, parts of them alone, and lahan q=bud's capped
-- count at 3M. Run by bench/search-cpu.ts (after the peer's statement): each block after a "-- <name> @ <database>"
-- line. The ids of the records are the page's at 1M (seed:scale).

-- ours at 100k: ids and capped count, per call @ h_scale_100k
select case when t.n > 0 then array((select "id" from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) order by "users"."created_at" desc, "users"."id" desc limit 10 offset 0)) end, t.n from (select ((select count(*) from ((select 1 from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) limit 1001)) found)) as n offset 0) t

-- ours: ids and capped count, per call @ h_scale_1m
select case when t.n > 0 then array((select "id" from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) order by "users"."created_at" desc, "users"."id" desc limit 10 offset 0)) end, t.n from (select ((select count(*) from ((select 1 from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) limit 1001)) found)) as n offset 0) t

-- ours: ids and capped count, planned once @ h_scale_1m
select case when t.n > 0 then array((select "id" from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) order by "users"."created_at" desc, "users"."id" desc limit 10 offset 0)) end, t.n from (select ((select count(*) from ((select 1 from "users" where ("users"."role" = 'petani' and "users"."search_text" LIKE lower('%budi%')) limit 1001)) found)) as n offset 0) t

-- the capped count alone @ h_scale_1m
select count(*) from (select 1 from users where role = 'petani' and search_text like '%budi%' limit 1001) found

-- the page's ids alone @ h_scale_1m
select array(select id from users where role = 'petani' and search_text like '%budi%' order by created_at desc, id desc limit 10)

-- ours: the records of the page's ids @ h_scale_1m
select coalesce((select json_agg(p.r order by p.n) from ((select json_build_object('id', "users"."id", 'role', "users"."role", 'full_name', "users"."full_name", 'name', "users"."full_name", 'username', "users"."username", 'email', "users"."email", 'no_phone', "users"."phone", 'phone', "users"."phone", 'status_verifikasi', "users"."status_verifikasi", 'url_image', ('/api/v1/documents/' || (select "documents"."id" from "documents" where "documents"."user_id" = "users"."id" and "documents"."kind" = 'avatar')), 'created_at', to_char("users"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'updated_at', to_char("users"."updated_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'user_id', "users"."id", 'nik', "petani_profiles"."nik", 'alamat', "petani_profiles"."alamat", 'address', "petani_profiles"."alamat", 'ktp', ('/api/v1/documents/' || (select "documents"."id" from "documents" where "documents"."user_id" = "users"."id" and "documents"."kind" = 'ktp')), 'verifikasi_ktp', ('/api/v1/documents/' || (select "documents"."id" from "documents" where "documents"."user_id" = "users"."id" and "documents"."kind" = 'verifikasi_ktp')), 'supporting_documents', ('/api/v1/documents/' || (select "documents"."id" from "documents" where "documents"."user_id" = "users"."id" and "documents"."kind" = 'supporting_documents')), 'fullname_petani', coalesce("petani_profiles"."fullname_petani", "users"."full_name"), 'lahan_count', (select count(*)::int from "lahan" where "lahan"."petani_id" = "users"."id")) as "r", row_number() over (order by "users"."created_at" desc, "users"."id" desc) as "n" from "users" left join "petani_profiles" on "petani_profiles"."user_id" = "users"."id" left join "mitra_profiles" on "mitra_profiles"."user_id" = "users"."id" where "users"."id" = any('{860359,9507,280965,332615,843625,416105,76537,191339,858478,726277}'::int[]))) p), '[]')::text from (select) one

-- lahan q=bud: the capped count @ h_scale_1m
select count(*) from (select 1 from lahan where search_text like '%bud%' limit 1001) found
