-- The notification queries (issue 29) at scale, as EXPLAIN ANALYZE: after notifications-load.sql on a migrated
-- database, psql -v p=<a petani id> -f bench/sql/notifications-explain.sql. Writes are rolled back.
\echo == unread capped (the admin: one per sign-up, unread, no mark)
explain (analyze, costs off, summary on) select count(*) from (select 1 from notifications where user_id = 1 and in_app and read_at is null and id > coalesce((select read_through from notification_marks where user_id = 1), 0) order by id desc limit 1001) f;
\echo == total capped (admin)
explain (analyze, costs off, summary on) select count(*) from (select 1 from notifications where user_id = 1 and in_app order by id desc limit 1001) f;
\echo == page 1 with mark join (admin)
explain (analyze, costs off, summary on) select n.id, coalesce(n.read_at, case when n.id <= m.read_through then m.read_at end) from notifications n left join notification_marks m on m.user_id = n.user_id where n.user_id = 1 and n.in_app order by n.id desc limit 10;
\echo == read all (admin): the mark
begin;
explain (analyze, costs off, summary on) insert into notification_marks values (1, (select coalesce(max(id),0) from notifications where user_id = 1), now()) on conflict (user_id) do update set read_through = greatest(notification_marks.read_through, excluded.read_through), read_at = now();
\echo == unread capped after the mark (admin)
explain (analyze, costs off, summary on) select count(*) from (select 1 from notifications where user_id = 1 and in_app and read_at is null and id > coalesce((select read_through from notification_marks where user_id = 1), 0) order by id desc limit 1001) f;
rollback;
\echo == unread capped (petani)
explain (analyze, costs off, summary on) select count(*) from (select 1 from notifications where user_id = :p and in_app and read_at is null and id > coalesce((select read_through from notification_marks where user_id = :p), 0) order by id desc limit 1001) f;
\echo == page 1 (petani)
explain (analyze, costs off, summary on) select n.id, coalesce(n.read_at, case when n.id <= m.read_through then m.read_at end) from notifications n left join notification_marks m on m.user_id = n.user_id where n.user_id = :p and n.in_app order by n.id desc limit 10;
\echo == read all newest (petani)
explain (analyze, costs off, summary on) select coalesce(max(id),0) from notifications where user_id = :p and in_app;
