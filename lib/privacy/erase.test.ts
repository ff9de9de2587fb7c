import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seal } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";
import { eraseSubject } from "@/lib/privacy/erase";
import { EXPORT_FORMAT, exportSubject } from "@/lib/privacy/export";
import { applyRetention } from "@/lib/privacy/retention";
import { admin, appId, countOf, dumpPersonal, keys, plantApplicant } from "@/lib/privacy/testing";

// Export and erasure of a person on PGlite: every application with the same email or identity number is one
// data subject. What the file holds, what erasure leaves, what it refuses (issue #24, item 7).

const GRACE = appId("grace1"); // issued card; email A, identity N
const GRACE_DRAFT = appId("grace2"); // a later draft with the same email A
const GRACE_OLD = appId("grace3"); // failed, another email, the same identity number N
const ALAN = appId("alan1"); // in flight, unrelated
const ALAN_DRAFT = appId("alan2"); // Alan's draft: same email as ALAN, which is in flight

let handle: DbHandle;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  const db = handle.db;
  await plantApplicant(db, GRACE, { state: "card_issued", cardholder: "ch_grace", email: "email_A", identity: "id_N" });
  await plantApplicant(db, GRACE_DRAFT, { state: "draft", email: "email_A" });
  await plantApplicant(db, GRACE_OLD, { state: "failed", cardholder: "ch_grace_old", email: "email_B", identity: "id_N" });
  await plantApplicant(db, ALAN, { state: "kyc_pending", cardholder: "ch_alan", email: "email_C", identity: "id_M", name: "Alan" });
  await plantApplicant(db, ALAN_DRAFT, { state: "draft", email: "email_C", name: "Alan" });
});
afterAll(async () => handle.close());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("exportSubject", () => {
  it("covers every application of the person, card transactions included, and records the export on each", async () => {
    const file = await exportSubject(handle.db, keys, admin, GRACE_DRAFT);
    expect(file).toMatchObject({ format: EXPORT_FORMAT, subject: { requestedFor: GRACE_DRAFT } });
    // The old application shares nothing with the draft, but its identity number with the issued one: the same person.
    expect(file.applications.map((a) => [a.application.id, a.application.matchedBy])).toEqual([
      [GRACE, ["email", "identity"]],
      [GRACE_DRAFT, ["this"]],
      [GRACE_OLD, ["identity"]],
    ]);
    const [issued] = file.applications;
    expect(issued?.answers).toMatchObject({ first_name: "Grace", identity: { number: "X9988776" } });
    expect(issued?.documents).toEqual([
      { issuerFileId: `file_${GRACE}`, field: "identity.front_file_id", name: "Grace-passport.png", type: "image/png", size: 10 },
    ]);
    expect(issued?.notes.map((n) => n.text)).toEqual(["called Grace"]);
    expect(issued?.issuerCalls.map((c) => c.requestId).sort()).toEqual([`req_${GRACE}`, `val_${GRACE}`]);
    expect(issued?.webhookEvents.map((e) => e.eventId)).toEqual([`evt_${GRACE}`]);
    expect(issued?.cardTransactions).toMatchObject([{ transactionId: `tx_${GRACE}`, amount: "12.34", merchantName: "Shop of Grace" }]);
    const audit = rowsOf<{ application_id: string }>(
      await handle.db.execute(
        sql`select application_id from staff_audit_log where action = 'application.exported' order by application_id`,
      ),
    );
    expect(audit.map((a) => a.application_id)).toEqual([GRACE, GRACE_DRAFT, GRACE_OLD]);
  });

  it("finds the same person whichever of their applications it starts from", async () => {
    const file = await exportSubject(handle.db, keys, admin, GRACE);
    expect(file.applications.map((a) => [a.application.id, a.application.matchedBy])).toEqual([
      [GRACE, ["this"]],
      [GRACE_DRAFT, ["email"]],
      [GRACE_OLD, ["identity"]],
    ]);
    expect(file.applications[2]?.cardTransactions.map((t) => t.transactionId)).toEqual([`tx_${GRACE_OLD}`]);
  });
});

describe("eraseSubject", () => {
  const erase = (id: string, extra: { confirm?: string; applications?: string[] } = {}) =>
    eraseSubject(handle.db, keys, admin, id, { confirm: id, reason: "request by email of 2026-11-20", ...extra });

  it("refuses a wrong confirmation or a list that is not the person's any more, changing nothing", async () => {
    const before = await dumpPersonal(handle.db);
    expect(await refusal(erase(GRACE, { confirm: GRACE_DRAFT }))).toMatchObject({
      code: "VALIDATION_ERROR",
      fields: { confirm: "admin.privacy.erase.confirmWrong" },
    });
    expect(await refusal(erase(GRACE, { applications: [GRACE, GRACE_OLD] }))).toMatchObject({
      code: "INVALID_STATE",
      fields: { applications: "admin.privacy.erase.listChanged" },
    });
    expect(await dumpPersonal(handle.db)).toBe(before);
  });

  it("an application of the person still in flight blocks the whole erasure, and is named", async () => {
    const before = await dumpPersonal(handle.db);
    const refused = await refusal(erase(ALAN_DRAFT));
    expect(refused).toMatchObject({
      code: "INVALID_STATE",
      message: expect.stringContaining(`${ALAN} (kyc_pending)`),
      fields: { [`applications.${ALAN}`]: "admin.privacy.erase.stillInFlight" },
    });
    expect(await dumpPersonal(handle.db)).toBe(before);
  });

  it("erases every application of the person at once: tombstones, one audit entry each and one for the person", async () => {
    // The merchant's customer reference ties the person to the merchant's records: it goes with the answers.
    await handle.db.execute(sql`update applications set merchant_reference = 'crm-grace' where id = ${GRACE}`);
    const result = await erase(GRACE, { applications: [GRACE_OLD, GRACE, GRACE_DRAFT] });
    expect(result.applications).toEqual([GRACE, GRACE_DRAFT, GRACE_OLD]);
    const db = handle.db;
    for (const id of [GRACE, GRACE_DRAFT, GRACE_OLD]) {
      const app = rowsOf<Record<string, unknown>>(await db.execute(sql`select * from applications where id = ${id}`))[0];
      expect(app).toMatchObject({ draft_ciphertext: "", kyc_url: null, email_index: null, identity_index: null, merchant_reference: null });
      expect(app?.erased_at).not.toBeNull();
      expect(await countOf(db, sql`select 1 from application_files where application_id = ${id}`)).toBe(0);
      expect(await countOf(db, sql`select 1 from application_notes where application_id = ${id}`)).toBe(0);
      expect(await countOf(db, sql`select 1 from application_erasures where application_id = ${id}`)).toBe(1);
    }
    expect(
      await countOf(db, sql`select 1 from upstream_requests where request_body_sealed is not null and request_id like '%grace%'`),
    ).toBe(0);
    expect(await countOf(db, sql`select 1 from webhook_inbox where body <> '' and cardholder_id like 'ch_grace%'`)).toBe(0);
    expect(
      await countOf(db, sql`select 1 from card_transactions where details_sealed is not null and cardholder_id like 'ch_grace%'`),
    ).toBe(0);
    // Alan is untouched.
    expect(await countOf(db, sql`select 1 from application_files where application_id in (${ALAN}, ${ALAN_DRAFT})`)).toBe(2);
    expect(await countOf(db, sql`select 1 from card_transactions where details_sealed is not null and cardholder_id = 'ch_alan'`)).toBe(1);
    const audit = rowsOf<{ action: string; application_id: string; detail: { applications?: string[] } }>(
      await db.execute(sql`select action, application_id, detail from staff_audit_log where action like '%erased' order by id`),
    );
    expect(audit.map((a) => [a.action, a.application_id])).toEqual([
      ["application.erased", GRACE],
      ["application.erased", GRACE_DRAFT],
      ["application.erased", GRACE_OLD],
      ["subject.erased", GRACE],
    ]);
    expect(audit[3]?.detail.applications).toEqual([GRACE, GRACE_DRAFT, GRACE_OLD]);
    const file = await exportSubject(db, keys, admin, GRACE);
    expect(file.applications.map((a) => a.answers)).toEqual([{}]);
    expect(file.applications[0]?.application.erasure).toMatchObject({ by: "admin@example.com" });
  });

  it("a webhook event about an erased cardholder that arrives later loses its body at the next retention pass", async () => {
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
      values ('evt_late', 'cardholder.updated', now(), 'ch_grace', ${seal('{"first_name":"Grace"}', keys)}, '{}'::jsonb, 'applied')`);
    const report = await applyRetention(handle.db, { draftDays: 30, logDays: 90, applicationDays: 365 }, new Date());
    expect(report.erasedLeftoversScrubbed).toBe(1);
    const late = rowsOf<{ body: string }>(await handle.db.execute(sql`select body from webhook_inbox where event_id = 'evt_late'`));
    expect(late[0]?.body).toBe("");
  });

  it("a second erasure is refused with who did the first", async () => {
    const again = await refusal(erase(GRACE_OLD));
    expect(again).toMatchObject({ code: "INVALID_STATE", message: expect.stringContaining("admin@example.com") });
  });
});
