-- The overdue-payment notices' statement (src/server/modules/settlement/overdue.ts) once `notifications` was analysed
-- nearly empty (as seed:scale leaves it: the demo's few rows) and the job's first run has filled it half-way:
--   psql -d <a fresh seed:scale database> -f bench/sql/overdue-explain.sql
-- In one transaction, rolled back: the first half of the overdue contracts are told (two notices each, as the run
-- writes them), then the batch statement runs under EXPLAIN ANALYZE before (884fd4d: an anti-join, the next 500 not
-- told) and after (the next 500 after the last contract looked at, each with a probe of notifications_contract_idx).
\set QUIET on
begin;
analyze notifications;
create temp table overdue on commit drop as
  select id, payment_due_date, petani_id, mitra_id, row_number() over (order by payment_due_date, id) as n
  from contracts
  where settled_outstanding > 0 and payment_due_date < (now() at time zone 'Asia/Jakarta')::date;
select count(*) / 2 as half from overdue \gset
insert into notifications (user_id, kind, title, link, contract_id, created_at)
  select u, 'contract.overdue', 'told', '/akun/kontrak/' || o.id, o.id, now()
  from overdue o, lateral (values (o.mitra_id), (o.petani_id)) v (u)
  where o.n <= :half and u is not null;
select payment_due_date as due, id from overdue where n = :half \gset
\set QUIET off
select (select count(*) from overdue) as overdue, :half as told, (select count(*) from notifications) as notifications;

\echo == before (884fd4d): the next 500 overdue contracts not told, an anti-join
explain (analyze, summary on)
select "id", "title", "petani_id", "mitra_id" from "contracts"
where ("contracts"."settled_outstanding" > 0 and "contracts"."payment_due_date" < (now() at time zone 'Asia/Jakarta')::date
  and not exists (select "id" from "notifications" where ("notifications"."contract_id" = "contracts"."id"
    and "notifications"."kind" = 'contract.overdue'
    and "notifications"."created_at" >= "contracts"."payment_due_date"::timestamp at time zone 'Asia/Jakarta')))
order by "contracts"."payment_due_date" asc, "contracts"."id" asc limit 500;

\echo == after: the next 500 overdue contracts after the last one looked at, each with whether it was told
explain (analyze, summary on)
select "id", "payment_due_date", "title", "petani_id", "mitra_id", exists (select 1 from "notifications"
  where ("notifications"."contract_id" = "contracts"."id" and "notifications"."kind" = 'contract.overdue'
    and "notifications"."created_at" >= "contracts"."payment_due_date"::timestamp at time zone 'Asia/Jakarta') limit 1)
from "contracts"
where ("contracts"."settled_outstanding" > 0 and "contracts"."payment_due_date" < (now() at time zone 'Asia/Jakarta')::date
  and ("contracts"."payment_due_date", "contracts"."id") > (:'due'::date, :id))
order by "contracts"."payment_due_date" asc, "contracts"."id" asc limit 500;
rollback;
