import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownerKeyring } from "@/lib/crypto/data-keys";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { resealBatch } from "@/lib/crypto/reseal";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import { createScratchDatabase, postgresTestUrl } from "@/lib/db/testing";
import type { Database, DbHandle } from "@/lib/db/types";
import { applyRetention, cutoffOf, type RetentionPolicy } from "@/lib/privacy/retention";

// The retention rules on a controlled clock: each kind of data goes exactly at its edge and nothing else does.

const NOW = new Date("2026-11-23T12:00:00.000Z");
const POLICY: RetentionPolicy = { draftDays: 30, logDays: 90, applicationDays: 365 };
const keys = keyringOf("retention test key, long enough to use");
const at = (days: number, ms = 0) => new Date(cutoffOf(NOW, days).getTime() + ms).toISOString();

async function seed(db: Database) {
  const app = (id: string, state: string, updatedAt: string, cardholder: string | null = null) =>
    db.execute(sql`insert into applications (id, product_id, kyc_level, state, draft_ciphertext, resume_hash, resume_expires_at,
      cardholder_id, kyc_url, email_index, updated_at)
      values (${id}, 'p', 'Standard', ${state}, ${seal('{"email":"ada@example.com"}', keys)}, ${id}, now(), ${cardholder},
      ${seal("https://kyc.example/x", keys)}, 'idx', ${updatedAt})`);
  await app("draft_at_edge", "draft", at(30));
  await app("draft_just_inside", "draft", at(30, 1));
  await app("draft_known_upstream", "draft", at(400), "ch_reopened");
  await app("issued_at_edge", "card_issued", at(365), "ch_issued");
  await app("issued_recent", "card_issued", at(365, 1), "ch_recent");
  await app("in_flight_old", "kyc_pending", at(400), "ch_flight");
  for (const id of ["draft_at_edge", "issued_at_edge", "issued_recent"]) {
    await db.execute(sql`insert into application_files (file_id, application_id, file_name, file_type, size)
      values (${`file_${id}`}, ${id}, ${seal("passport.png", keys)}, 'image/png', 10)`);
  }
  const log = (requestId: string, createdAt: string) =>
    db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body_sealed, created_at)
      values ('POST', '/v1/cardholders', ${requestId}, 1, 5, ${seal("{}", keys)}, ${createdAt})`);
  await log("log_at_edge", at(90));
  await log("log_inside", at(90, 1));
  const event = (id: string, state: string, receivedAt: string) =>
    db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state, received_at)
      values (${id}, 'cardholder.updated', ${receivedAt}, 'ch_issued', ${seal("{}", keys)}, '{"x-wk-signature":"s"}'::jsonb, ${state}, ${receivedAt})`);
  await event("evt_at_edge", "applied", at(90));
  await event("evt_inside", "applied", at(90, 1));
  await event("evt_pending_old", "pending", at(200));
  const transaction = (id: string, createdAt: string) =>
    db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type, transaction_status,
        transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data, details_sealed, created_at)
      values (${id}, ${`evt_${id}`}, 'card_issued', 'ch_issued', 'AUTHORIZATION', 'APPROVED', '5.00', 'USD', '5.00', 'USD', ${createdAt},
        '{"transaction_amount":"5.00","description":"Ada at the chemist"}'::jsonb, ${seal('{"merchant_data":[{"name":"Chemist"}]}', keys)}, ${createdAt})`);
  await transaction("txn_at_edge", at(90));
  await transaction("txn_inside", at(90, 1));
  // The abandoned draft has a data key of its own: deleting the draft destroys it.
  await ownerKeyring(keys, db, "draft_at_edge");
  // Emails: staff ones (no application) by their age; an application's with its answers.
  const mail = (id: string, state: string, updatedAt: string, applicationId: string | null = null, payload: string | null = null) =>
    db.execute(sql`insert into mail_outbox (id, kind, application_id, locale, subject, recipient_masked, payload_sealed, state, updated_at)
      values (${id}::uuid, 'staff_invite', ${applicationId}, 'en', 'Subject', 'a•••@example.com', ${payload}, ${state}, ${updatedAt})`);
  await mail("00000000-0000-4000-8000-000000000001", "sent", at(90));
  await mail("00000000-0000-4000-8000-000000000002", "failed", at(90), null, seal("{}", keys));
  await mail("00000000-0000-4000-8000-000000000003", "sent", at(90, 1));
  await mail("00000000-0000-4000-8000-000000000004", "pending", at(200));
  await mail("00000000-0000-4000-8000-000000000005", "sent", at(1), "issued_at_edge");
  await mail("00000000-0000-4000-8000-000000000006", "sent", at(1), "issued_recent");
  await db.execute(sql`insert into staff_sign_in_attempts (email, ip, outcome, method, at) values
    ('a@example.com', '10.0.0.1', 'success', 'password', ${at(90)}), ('b@example.com', '10.0.0.2', 'success', 'password', ${at(90, 1)})`);
  await db.execute(sql`insert into event_outbox (id, type, application_id, data, created_at) values
    ('evt_at_edge', 'application.started', null, '{}', ${at(90)}), ('evt_recent', 'application.started', null, '{}', ${at(90, 1)})`);
}

const ids = async (db: Database, query: ReturnType<typeof sql>) => rowsOf<{ id: string }>(await db.execute(query)).map((r) => r.id);

describe("applyRetention (PGlite, controlled clock)", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());
  beforeEach(async () => {
    await handle.db.execute(
      sql`truncate applications, application_files, upstream_requests, webhook_inbox, card_transactions, data_keys, staff_sign_in_attempts, mail_outbox, event_outbox cascade`,
    );
    await seed(handle.db);
  });

  it("a dry run counts what would go and changes nothing", async () => {
    const report = await applyRetention(handle.db, POLICY, NOW, { dryRun: true });
    expect(report).toEqual({
      ran: true,
      more: false,
      draftsDeleted: 1,
      answersDropped: 2,
      upstreamLogsReduced: 1,
      webhookBodiesReduced: 1,
      transactionDetailsReduced: 1,
      signInAttemptsDeleted: 1,
      erasedLeftoversScrubbed: 0,
      erasedTransactionsScrubbed: 0,
      mailDeleted: 2,
      eventsDeleted: 1,
    });
    expect(await ids(handle.db, sql`select id from applications order by id`)).toHaveLength(6);
    expect(await ownerKeyring(keys, handle.db, "draft_at_edge")).not.toBeNull();
    expect(await ids(handle.db, sql`select id from applications where answers_dropped_at is not null`)).toEqual([]);
  });

  it("takes at most a batch of applications a rule and run, and says more are due until none are", async () => {
    const run = () => applyRetention(handle.db, POLICY, NOW, { batch: 1 });
    // The seed has one abandoned draft and two finished applications due: two runs of one each, then none.
    expect(await run()).toMatchObject({ more: true, draftsDeleted: 1, answersDropped: 1 });
    expect(await run()).toMatchObject({ more: true, draftsDeleted: 0, answersDropped: 1 });
    expect(await run()).toMatchObject({ more: false, draftsDeleted: 0, answersDropped: 0 });
    expect(await ids(handle.db, sql`select id from applications where draft_ciphertext = '' order by id`)).toEqual([
      "draft_known_upstream",
      "issued_at_edge",
    ]);
  });

  it("removes each kind exactly at its edge and nothing inside it", async () => {
    await applyRetention(handle.db, POLICY, NOW);
    const db = handle.db;
    expect(await ids(db, sql`select id from applications order by id`)).toEqual([
      "draft_just_inside",
      "draft_known_upstream",
      "in_flight_old",
      "issued_at_edge",
      "issued_recent",
    ]);
    expect(await ids(db, sql`select id from applications where draft_ciphertext = '' order by id`)).toEqual([
      "draft_known_upstream",
      "issued_at_edge",
    ]);
    const dropped = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from applications where id = 'issued_at_edge'`))[0];
    expect(dropped).toMatchObject({ cardholder_id: "ch_issued", state: "card_issued", kyc_url: null, email_index: null });
    expect(await ids(db, sql`select file_id as id from application_files order by file_id`)).toEqual(["file_issued_recent"]);
    expect(await ids(db, sql`select request_id as id from upstream_requests where request_body_sealed is null`)).toEqual(["log_at_edge"]);
    expect(await ids(db, sql`select event_id as id from webhook_inbox where body = '' order by event_id`)).toEqual(["evt_at_edge"]);
    expect(await ids(db, sql`select email as id from staff_sign_in_attempts`)).toEqual(["b@example.com"]);
    // Card authorizations past the log retention keep ids, amounts, times and statuses; the merchant goes.
    const transactions = rowsOf<{ id: string; data: unknown; sealed: boolean }>(
      await db.execute(sql`select transaction_id as id, data, details_sealed is not null as sealed from card_transactions order by 1`),
    );
    expect(transactions).toEqual([
      { id: "txn_at_edge", data: { transaction_amount: "5.00" }, sealed: false },
      { id: "txn_inside", data: { transaction_amount: "5.00", description: "Ada at the chemist" }, sealed: true },
    ]);
    // Settled emails past the log retention go, a failed one with its payload; a pending one waits for its verdict;
    // an application whose answers were dropped loses its emails.
    expect(await ids(db, sql`select right(id::text, 1) as id from mail_outbox order by id`)).toEqual(["3", "4", "6"]);
    // The deleted draft's data key is gone: a copy of its answers left in the WAL stays sealed.
    expect(await ownerKeyring(keys, db, "draft_at_edge")).toBeNull();
  });

  it("a second run finds nothing, and the sealing job leaves removed values alone", async () => {
    await applyRetention(handle.db, POLICY, NOW);
    const again = await applyRetention(handle.db, POLICY, NOW);
    expect(again).toMatchObject({ draftsDeleted: 0, answersDropped: 0, upstreamLogsReduced: 0, webhookBodiesReduced: 0 });
    const rotated = keyringOf("a newer key after a rotation, long enough", "retention test key, long enough to use");
    while ((await resealBatch(handle.db, rotated, 50)) > 0);
    expect(await ids(handle.db, sql`select id from applications where draft_ciphertext = '' order by id`)).toHaveLength(2);
  });

  it("0 days takes everything that qualifies at once", async () => {
    const report = await applyRetention(handle.db, { draftDays: 0, logDays: 0, applicationDays: 0 }, NOW);
    expect(report).toMatchObject({ draftsDeleted: 2, answersDropped: 3, upstreamLogsReduced: 2, webhookBodiesReduced: 2 });
    expect(await ids(handle.db, sql`select event_id as id from webhook_inbox where body <> ''`)).toEqual(["evt_pending_old"]);
  });

  it("keeps staff sign-in attempts for the throttle's 30 days whatever the log retention", async () => {
    await handle.db.execute(sql`truncate staff_sign_in_attempts`);
    await handle.db.execute(sql`insert into staff_sign_in_attempts (email, ip, outcome, method, at) values
      ('guess@example.com', '10.0.0.3', 'bad_credentials', 'password', ${at(0, -60_000)}),
      ('owner@example.com', '10.0.0.4', 'success', 'password', ${at(30, 1)}),
      ('old@example.com', '10.0.0.5', 'success', 'password', ${at(30)})`);
    const report = await applyRetention(handle.db, { ...POLICY, logDays: 0 }, NOW);
    expect(report.signInAttemptsDeleted).toBe(1);
    expect(await ids(handle.db, sql`select email as id from staff_sign_in_attempts order by email`)).toEqual([
      "guess@example.com",
      "owner@example.com",
    ]);
  });
});

const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("applyRetention on Postgres: two instances at once", () => {
  let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
  let a: DbHandle;
  let b: DbHandle;
  beforeAll(async () => {
    scratch = await createScratchDatabase(pgUrl as string);
    a = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
    b = await openDatabase({ kind: "postgres", url: scratch.url, poolSize: 4 });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await scratch?.drop();
  });

  it("purge without conflict: one runs, the other skips, and the result is the rules' result", async () => {
    await seed(a.db);
    const [first, second] = await Promise.all([applyRetention(a.db, POLICY, NOW), applyRetention(b.db, POLICY, NOW)]);
    const runs = [first, second].filter((r) => r.ran);
    expect(runs.length).toBeGreaterThanOrEqual(1);
    const total = (key: "draftsDeleted" | "answersDropped") => first[key] + second[key];
    expect(total("draftsDeleted")).toBe(1);
    expect(total("answersDropped")).toBe(2);
    expect(await ids(a.db, sql`select id from applications order by id`)).toHaveLength(5);
  });
});
