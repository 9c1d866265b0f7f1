-- People and their notifications at scale for notifications-explain.sql (issue 29), on a database the server
-- migrated (SEED=none) with one admin: psql -v n=<people> -f bench/sql/notifications-load.sql. Each person has
-- 20 notifications (the newest 3 unread); the admin one per sign-up, all unread. Triggers are off while loading.
\timing on
set session_replication_role = replica;
insert into users (role, email, password_hash, full_name, status_verifikasi, search_text)
select case when i % 10 = 0 then 'mitra' else 'petani' end::role, 'u' || i || '@x.id', 'x', 'Orang ' || i, true, ''
from generate_series(1, :n) i;
-- every person ~20 (newest 3 unread), written over time
insert into notifications (user_id, kind, title, link, in_app, created_at, read_at)
select u.id, 'contract.offer', 'Kontrak #' || k, '/akun', true, now() - (k || ' hours')::interval,
       case when k > 3 then now() else null end
from users u, generate_series(1, 20) k where u.role <> 'admin';
-- the admin: one registration notice per sign-up, most unread
insert into notifications (user_id, kind, title, link, in_app, created_at, read_at)
select a.id, 'registration.new', 'Pendaftaran ' || u.id, '/admin/petani/' || u.id, true, u.created_at, null
from users u, (select id from users where role = 'admin' order by id limit 1) a where u.role <> 'admin';
set session_replication_role = origin;
analyze users; analyze notifications;
