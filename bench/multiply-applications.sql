-- Makes a seeded database ten times larger (bench/README.md, "at 1,000,000"): every application, its timeline, its
-- emails and its data key copied nine times under new ids. Seeding a million through the app (`npm run db:seed`)
-- took about two hours on the 2-core bench machine; this takes minutes. Copies share their originals' names and
-- emails (a search by email finds ten), times and states, so counts per state scale by exactly ten. A merchant
-- reference gets the copy's number (`CUST-0001234.3`): each still names the two applications of one customer.
-- psql "$BENCH_DATABASE_URL" -f bench/multiply-applications.sql
\set ON_ERROR_STOP on
begin;
-- The secondary indexes go first and come back at the end: built once over ten times the rows, not row by row.
create temp table dropped as
  select indexname, indexdef from pg_indexes
  where schemaname = current_schema() and tablename in ('applications', 'application_events', 'mail_outbox')
    and indexname not like '%pkey' and indexname not like '%unique';
do $$ declare r record; begin
  for r in select indexname from dropped loop execute format('drop index %I', r.indexname); end loop;
end $$;
create temp table copies as
  select id as old, 'app_' || left(substr(id, 5), 20) || 'x' || g as new, g
  from applications, generate_series(1, 9) g;
create index on copies (old);
insert into data_keys
  select c.new, d.key_id, d.wrapped_key, d.created_at, d.destroyed_at from data_keys d join copies c on c.old = d.owner;
insert into applications
  select (jsonb_populate_record(null::applications, to_jsonb(a) || jsonb_build_object(
    'id', c.new, 'resume_hash', md5(a.resume_hash || c.g), 'cardholder_id', a.cardholder_id || '_' || c.g,
    'card_id', a.card_id || '_' || c.g, 'merchant_reference', a.merchant_reference || '.' || c.g))).*
  from applications a join copies c on c.old = a.id;
insert into application_events (application_id, from_state, to_state, reason, detail, created_at)
  select c.new, e.from_state, e.to_state, e.reason, e.detail, e.created_at
  from application_events e join copies c on c.old = e.application_id;
insert into mail_outbox (kind, application_id, dedupe_key, locale, subject, recipient_masked, only_in_states, state,
    attempts, next_attempt_at, last_error, failure, created_at, sent_at, updated_at)
  select m.kind, c.new, replace(m.dedupe_key, m.application_id, c.new), m.locale, m.subject, m.recipient_masked,
    m.only_in_states, m.state, m.attempts, m.next_attempt_at, m.last_error, m.failure, m.created_at, m.sent_at, m.updated_at
  from mail_outbox m join copies c on c.old = m.application_id;
do $$ declare r record; begin
  for r in select indexdef from dropped loop execute r.indexdef; end loop;
end $$;
commit;
analyze;
