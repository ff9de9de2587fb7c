-- Gives an already seeded database the merchant's customer references that `npm run db:seed` now gives new ones
-- (lib/admin/testing/seed.ts): two applications in five carry one, each reference shared by two applications (a
-- customer who applied twice), and one in a thousand carries `CUST-BUSY` (a reference with many applications).
-- For the staff search and the merchant API by reference at 100,000 and 1,000,000 (bench/README.md).
-- psql "$BENCH_DATABASE_URL" -f bench/merchant-references.sql
\set ON_ERROR_STOP on
begin;
create temp table numbered as select id, row_number() over (order by id) as n from applications;
update applications a
  set merchant_reference = case when x.n % 1000 = 2 then 'CUST-BUSY' else 'CUST-' || lpad((x.n / 5)::text, 7, '0') end
  from numbered x
  where x.id = a.id and (x.n % 5 in (0, 1) or x.n % 1000 = 2);
commit;
vacuum analyze applications;
