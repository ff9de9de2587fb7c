import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { keyOwners, ownerKeyring, ownerKeyrings, readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, keyringOf, open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";
import { isPortalError } from "@/lib/errors";
import { eraseApplicant } from "@/lib/privacy/erase";
import { EXPORT_FORMAT, exportApplicant } from "@/lib/privacy/export";
import { applyRetention } from "@/lib/privacy/retention";
import { createIssuerClient } from "@/lib/issuer/client";
import type { Database } from "@/lib/db/types";
import { applyEvent } from "@/lib/webhooks/handlers";
import { eventKeyOwner, sealInboxBatch } from "@/lib/webhooks/inbox-seal";
import { authorizationData } from "@/lib/webhooks/test-events";

// Export and erasure of one applicant on PGlite: what the file holds, what erasure leaves, what it refuses.

const keys = keyringOf("privacy test key, long enough to use it");
const admin: Staff = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "admin@example.com",
  name: "Admin",
  role: "admin",
  ip: "10.0.0.9",
};
const ID = "app_AAAAAAAAAAAAAAAAAAAAAA";
const OTHER = "app_BBBBBBBBBBBBBBBBBBBBBB";
const ANSWERS = { first_name: "Grace", last_name: "Hopper", email: "grace@example.com", identity: { number: "X9988776" } };

/** The domain's dependencies for a handler that never calls the issuer. */
const testDeps = (db: Database, ring: Keyring) => ({
  db,
  issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
  now: () => new Date(),
  keys: ring,
  kycLinks: { hosts: [], httpOnLoopback: true },
  appUrl: "http://portal.test",
});

let handle: DbHandle;
/** Every sealed value of the applicant ID as stored before the erasure: what a WAL or a backup keeps. */
let copiesBefore: string[] = [];
const dump = async () =>
  JSON.stringify(
    rowsOf(
      await handle.db.execute(sql`select row_to_json(t) as r from (
  select * from applications) t union all select row_to_json(t) from (select * from upstream_requests) t
  union all select row_to_json(t) from (select * from webhook_inbox) t union all select row_to_json(t) from (select * from application_files) t
  union all select row_to_json(t) from (select * from application_notes) t union all select row_to_json(t) from (select * from card_transactions) t`),
    ),
  );

/** `own`: seal with the applicant's data keys (as the portal does now), else with the configured key (as before). */
async function insertApplicant(id: string, state: string, cardholder: string, own: boolean) {
  const db = handle.db;
  const rings = own ? await ownerKeyrings(keys, db, [id, keyOwners.cardholder(cardholder)]) : undefined;
  const mine: Keyring = rings?.get(id) ?? keys;
  const holders: Keyring = rings?.get(keyOwners.cardholder(cardholder)) ?? keys;
  await db.execute(sql`insert into applications (id, product_id, kyc_level, state, draft_ciphertext, resume_hash, resume_expires_at,
    cardholder_id, cardholder_request_id, card_id, kyc_url, email_index)
    values (${id}, 'p', 'Standard', ${state}, ${seal(JSON.stringify(ANSWERS), mine)}, ${`h_${id}`}, now() + interval '1 day',
    ${cardholder}, ${`req_${id}`}, ${`card_${id}`}, ${seal("https://kyc.example/x", mine)}, 'idx')`);
  await db.execute(sql`insert into application_files (file_id, application_id, field, file_name, file_type, size)
    values (${`file_${id}`}, ${id}, 'identity.front_file_id', ${seal("grace-passport.png", mine)}, 'image/png', 10)`);
  await db.execute(sql`insert into application_notes (application_id, staff_id, staff_name, body_sealed)
    values (${id}, ${admin.id}, 'Admin', ${seal("called Grace", mine)})`);
  await db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body_sealed, application_id)
    values ('POST', '/v2/validate', ${`val_${id}`}, 1, 5, ${seal('{"first_name":"Grace"}', mine)}, ${id}),
           ('POST', '/v2/cardholders', ${`req_${id}`}, 1, 5, ${seal('{"first_name":"Grace"}', mine)}, null)`);
  await db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
    values (${`evt_${id}`}, 'cardholder.updated', now(), ${cardholder}, ${seal('{"first_name":"Grace"}', holders)}, '{"a":"b"}'::jsonb, 'applied')`);
  await db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type, transaction_status,
      transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data, details_sealed)
    values (${`txn_${id}`}, ${`evt_txn_${id}`}, ${`card_${id}`}, ${cardholder}, 'AUTHORIZATION', 'APPROVED', '12.34', 'USD', '12.34', 'USD',
      '2026-11-20T10:00:00+00:00', '{"transaction_amount":"12.34"}'::jsonb, ${seal('{"merchant_data":[{"name":"Grace Cafe"}]}', holders)})`);
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  await insertApplicant(ID, "card_issued", "ch_grace", true);
  await insertApplicant(OTHER, "kyc_pending", "ch_other", false);
  copiesBefore = rowsOf<{ v: string }>(
    await handle.db
      .execute(sql`select draft_ciphertext as v from applications where id = ${ID} union all select kyc_url from applications where id = ${ID}
      union all select file_name from application_files where application_id = ${ID}
      union all select body_sealed from application_notes where application_id = ${ID}
      union all select request_body_sealed from upstream_requests where request_id like ${`%${ID}`}
      union all select body from webhook_inbox where cardholder_id = 'ch_grace'
      union all select details_sealed from card_transactions where cardholder_id = 'ch_grace'`),
  ).map((r) => r.v);
});
afterAll(async () => handle.close());

describe("exportApplicant", () => {
  it("holds the answers unsealed, documents with issuer file ids, timeline, notes and calls; and is audited", async () => {
    const file = await exportApplicant(handle.db, keys, admin, ID);
    expect(file).toMatchObject({ format: EXPORT_FORMAT, application: { id: ID, cardholderId: "ch_grace" }, answers: ANSWERS });
    expect(file.documents).toEqual([
      { issuerFileId: `file_${ID}`, field: "identity.front_file_id", name: "grace-passport.png", type: "image/png", size: 10 },
    ]);
    expect(file.notes.map((n) => n.text)).toEqual(["called Grace"]);
    expect(file.issuerCalls.map((c) => c.requestId).sort()).toEqual([`req_${ID}`, `val_${ID}`]);
    expect(file.webhookEvents.map((e) => e.eventId)).toEqual([`evt_${ID}`]);
    const audit = rowsOf<{ action: string }>(await handle.db.execute(sql`select action from staff_audit_log where application_id = ${ID}`));
    expect(audit.map((a) => a.action)).toContain("application.exported");
  });
});

describe("eraseApplicant", () => {
  const refused = async (promise: Promise<unknown>) =>
    promise.then(
      () => undefined,
      (error: unknown) => error,
    );

  it("refuses a wrong confirmation and an application still in progress, changing nothing", async () => {
    const before = await dump();
    const wrong = await refused(eraseApplicant(handle.db, keys, admin, ID, { confirm: OTHER, reason: "request by email" }));
    expect(isPortalError(wrong, "VALIDATION_ERROR")).toBe(true);
    const inFlight = await refused(eraseApplicant(handle.db, keys, admin, OTHER, { confirm: OTHER, reason: "request by email" }));
    expect(isPortalError(inFlight, "INVALID_STATE")).toBe(true);
    expect(await dump()).toBe(before);
  });

  it("leaves none of the applicant's data, keeps the other applicant's, a tombstone and the audit trail", async () => {
    await eraseApplicant(handle.db, keys, admin, ID, { confirm: ID, reason: "request by email of 2026-11-20" });
    const app = rowsOf<Record<string, unknown>>(await handle.db.execute(sql`select * from applications where id = ${ID}`))[0];
    expect(app).toMatchObject({ draft_ciphertext: "", kyc_url: null, email_index: null, state: "card_issued", card_id: `card_${ID}` });
    const count = async (q: ReturnType<typeof sql>) => rowsOf(await handle.db.execute(q)).length;
    expect(await count(sql`select 1 from application_files where application_id = ${ID}`)).toBe(0);
    expect(await count(sql`select 1 from application_notes where application_id = ${ID}`)).toBe(0);
    expect(await count(sql`select 1 from upstream_requests where request_body_sealed is not null and request_id like ${`%${ID}`}`)).toBe(0);
    expect(await count(sql`select 1 from webhook_inbox where body <> '' and cardholder_id = 'ch_grace'`)).toBe(0);
    // The other applicant is untouched.
    expect(await count(sql`select 1 from upstream_requests where request_body_sealed is not null`)).toBe(2);
    expect(await count(sql`select 1 from application_files where application_id = ${OTHER}`)).toBe(1);
    const tomb = rowsOf<Record<string, unknown>>(
      await handle.db.execute(sql`select * from application_erasures where application_id = ${ID}`),
    );
    expect(tomb[0]).toMatchObject({
      cardholder_id: "ch_grace",
      staff_email: "admin@example.com",
      reason: "request by email of 2026-11-20",
    });
    const audit = rowsOf<{ action: string }>(await handle.db.execute(sql`select action from staff_audit_log where application_id = ${ID}`));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["application.exported", "application.erased"]));
    const file = await exportApplicant(handle.db, keys, admin, ID);
    expect(file.answers).toEqual({});
    expect(file.application.erasure).toMatchObject({ by: "admin@example.com" });
  });

  it("destroys the data keys of the application, its cardholder and card: every copy taken before stays sealed", async () => {
    expect(copiesBefore).toHaveLength(8);
    const ring = await readingKeyring(keys, handle.db, copiesBefore);
    for (const copy of copiesBefore) {
      expect(copy.startsWith("v3.")).toBe(true);
      expect(keyDestroyed(copy, ring)).toBe(true);
      expect(() => open(copy, ring)).toThrow();
    }
    for (const owner of [ID, keyOwners.cardholder("ch_grace"), keyOwners.card(`card_${ID}`)])
      expect(await ownerKeyring(keys, handle.db, owner)).toBeNull();
    // The other applicant's keys and values are untouched.
    expect(await ownerKeyring(keys, handle.db, OTHER)).not.toBeNull();
  });

  it("a card authorization for the erased cardholder that arrives later keeps its amount and time, nothing else", async () => {
    const data = {
      ...authorizationData("txn_after_erasure", `card_${ID}`, "2026-11-21T09:30:00+00:00"),
      cardholder_id: "ch_grace",
      description: "Grace's groceries",
      merchant_data: [{ name: "Late Cafe", city: "Arlington", country: "US", category_code: "5814" }],
    };
    const event = {
      account_no: "8800",
      data,
      event_id: "evt_after_erasure",
      event_type: "card.transaction.authorization",
      timestamp: "2026-11-21T09:30:00Z",
    };
    // Received: the inbox keeps the event reduced to what says nothing about the person.
    const [stored] = await sealInboxBatch(handle.db, [
      {
        row: { eventId: event.event_id, eventType: event.event_type, eventAt: new Date(), headers: {} },
        text: JSON.stringify(event),
        event,
        keyOwner: eventKeyOwner(event),
        keys,
      },
    ]);
    expect(open(stored!.body, keys)).not.toMatch(/Late Cafe|Arlington|groceries/);
    expect(JSON.parse(open(stored!.body, keys))).toMatchObject({ data: { transaction_amount: "1.00", cardholder_id: "ch_grace" } });
    // Applied: the transaction row has its amount and time, no merchant, no details.
    await applyEvent(testDeps(handle.db, keys), event, new Date());
    const row = rowsOf<{ data: Record<string, unknown>; details_sealed: string | null; transaction_time: string }>(
      await handle.db.execute(
        sql`select data, details_sealed, transaction_time from card_transactions where transaction_id = 'txn_after_erasure'`,
      ),
    )[0];
    expect(row).toMatchObject({ details_sealed: null, transaction_time: "2026-11-21T09:30:00+00:00" });
    expect(row?.data).toMatchObject({ transaction_amount: "1.00", transaction_currency: "USD" });
    expect(JSON.stringify(row)).not.toMatch(/Late Cafe|Arlington|groceries|5814/);
  });

  it("the retention pass strips what an erased cardholder's transactions still hold, and empties late webhook bodies", async () => {
    // As an older instance would have stored it: the whole event in clear, the merchant details under the configured key.
    await handle.db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type,
        transaction_status, transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data, details_sealed)
      values ('txn_leftover', 'evt_leftover', ${`card_${ID}`}, null, 'AUTHORIZATION', 'APPROVED', '3.00', 'EUR', '3.00', 'EUR',
        '2026-11-21T10:00:00+00:00', '{"transaction_amount":"3.00","merchant_data":[{"name":"Old Cafe"}]}'::jsonb, ${seal("{}", keys)})`);
    const report = await applyRetention(handle.db, { draftDays: 30, logDays: 90, applicationDays: 365 }, new Date());
    expect(report.erasedTransactionsScrubbed).toBe(1);
    const left = rowsOf<{ data: unknown; details_sealed: string | null }>(
      await handle.db.execute(sql`select data, details_sealed from card_transactions where transaction_id = 'txn_leftover'`),
    );
    expect(left[0]).toEqual({ data: { transaction_amount: "3.00" }, details_sealed: null });
  });

  it("a webhook event about the erased cardholder that arrives later loses its body at the next retention pass", async () => {
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
      values ('evt_late', 'cardholder.updated', now(), 'ch_grace', ${seal('{"first_name":"Grace"}', keys)}, '{}'::jsonb, 'applied')`);
    const report = await applyRetention(handle.db, { draftDays: 30, logDays: 90, applicationDays: 365 }, new Date());
    expect(report.erasedLeftoversScrubbed).toBe(1);
    const late = rowsOf<{ body: string }>(await handle.db.execute(sql`select body from webhook_inbox where event_id = 'evt_late'`));
    expect(late[0]?.body).toBe("");
  });

  it("a second erasure is refused with who did the first", async () => {
    const again = await refused(eraseApplicant(handle.db, keys, admin, ID, { confirm: ID, reason: "again" }));
    expect(isPortalError(again, "INVALID_STATE")).toBe(true);
    expect(String((again as Error).message)).toContain("admin@example.com");
  });
});
