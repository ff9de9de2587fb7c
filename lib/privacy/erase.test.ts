import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Staff } from "@/lib/auth/staff";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";
import { isPortalError } from "@/lib/errors";
import { eraseApplicant } from "@/lib/privacy/erase";
import { EXPORT_FORMAT, exportApplicant } from "@/lib/privacy/export";
import { applyRetention } from "@/lib/privacy/retention";

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

let handle: DbHandle;
const dump = async () =>
  JSON.stringify(
    rowsOf(
      await handle.db.execute(sql`select row_to_json(t) as r from (
  select * from applications) t union all select row_to_json(t) from (select * from upstream_requests) t
  union all select row_to_json(t) from (select * from webhook_inbox) t union all select row_to_json(t) from (select * from application_files) t
  union all select row_to_json(t) from (select * from application_notes) t union all select row_to_json(t) from (select * from card_transactions) t`),
    ),
  );

async function insertApplicant(id: string, state: string, cardholder: string) {
  const db = handle.db;
  await db.execute(sql`insert into applications (id, product_id, kyc_level, state, draft_ciphertext, resume_hash, resume_expires_at,
    cardholder_id, cardholder_request_id, card_id, kyc_url, email_index)
    values (${id}, 'p', 'Standard', ${state}, ${seal(JSON.stringify(ANSWERS), keys)}, ${`h_${id}`}, now() + interval '1 day',
    ${cardholder}, ${`req_${id}`}, ${`card_${id}`}, ${seal("https://kyc.example/x", keys)}, 'idx')`);
  await db.execute(sql`insert into application_files (file_id, application_id, field, file_name, file_type, size)
    values (${`file_${id}`}, ${id}, 'identity.front_file_id', ${seal("grace-passport.png", keys)}, 'image/png', 10)`);
  await db.execute(sql`insert into application_notes (application_id, staff_id, staff_name, body_sealed)
    values (${id}, ${admin.id}, 'Admin', ${seal("called Grace", keys)})`);
  await db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body_sealed, application_id)
    values ('POST', '/v2/validate', ${`val_${id}`}, 1, 5, ${seal('{"first_name":"Grace"}', keys)}, ${id}),
           ('POST', '/v2/cardholders', ${`req_${id}`}, 1, 5, ${seal('{"first_name":"Grace"}', keys)}, null)`);
  await db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
    values (${`evt_${id}`}, 'cardholder.updated', now(), ${cardholder}, ${seal('{"first_name":"Grace"}', keys)}, '{"a":"b"}'::jsonb, 'applied')`);
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  await insertApplicant(ID, "card_issued", "ch_grace");
  await insertApplicant(OTHER, "kyc_pending", "ch_other");
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
    const wrong = await refused(eraseApplicant(handle.db, admin, ID, { confirm: OTHER, reason: "request by email" }));
    expect(isPortalError(wrong, "VALIDATION_ERROR")).toBe(true);
    const inFlight = await refused(eraseApplicant(handle.db, admin, OTHER, { confirm: OTHER, reason: "request by email" }));
    expect(isPortalError(inFlight, "INVALID_STATE")).toBe(true);
    expect(await dump()).toBe(before);
  });

  it("leaves none of the applicant's data, keeps the other applicant's, a tombstone and the audit trail", async () => {
    await eraseApplicant(handle.db, admin, ID, { confirm: ID, reason: "request by email of 2026-11-20" });
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

  it("a webhook event about the erased cardholder that arrives later loses its body at the next retention pass", async () => {
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
      values ('evt_late', 'cardholder.updated', now(), 'ch_grace', ${seal('{"first_name":"Grace"}', keys)}, '{}'::jsonb, 'applied')`);
    const report = await applyRetention(handle.db, { draftDays: 30, logDays: 90, applicationDays: 365 }, new Date());
    expect(report.erasedLeftoversScrubbed).toBe(1);
    const late = rowsOf<{ body: string }>(await handle.db.execute(sql`select body from webhook_inbox where event_id = 'evt_late'`));
    expect(late[0]?.body).toBe("");
  });

  it("a second erasure is refused with who did the first", async () => {
    const again = await refused(eraseApplicant(handle.db, admin, ID, { confirm: ID, reason: "again" }));
    expect(isPortalError(again, "INVALID_STATE")).toBe(true);
    expect(String((again as Error).message)).toContain("admin@example.com");
  });
});
