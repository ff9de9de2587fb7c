import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { mailPage, mailParamsSchema, resendMail } from "@/lib/admin/ops/mail";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { insertApplication } from "@/lib/db/applications";
import { findMail, insertMail } from "@/lib/db/mail-outbox";
import { openDatabase } from "@/lib/db/open";
import { mailOutbox, type MailState } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { DbHandle } from "@/lib/db/types";

// The staff outbox page: tabs by state with counts, keyset pages newest first, no address or payload in a row;
// "Resend" puts a failed email back in the queue, audited, and is refused for any other.

let handle: DbHandle;
const keys = keyringOf("outbox page test key");
const staff = { id: "00000000-0000-4000-8000-000000000001", email: "agent@example.com", ip: "10.0.0.1" };
const ids: Record<string, string> = {};

type Extra = { failure?: "address"; attempts?: number; applicationId?: string };

async function mail(name: string, state: MailState, minute: number, extra: Extra = {}) {
  const at = new Date(Date.UTC(2026, 3, 1, 9, minute));
  const payloadSealed = state === "sent" ? null : seal(JSON.stringify({ to: `${name}@example.com`, params: {} }), keys);
  const row = await insertMail(handle.db, {
    kind: "staff_invite",
    locale: "en",
    subject: `Invite ${name}`,
    recipientMasked: `${name[0]}•••@example.com`,
    payloadSealed,
    state,
    createdAt: at,
    updatedAt: at,
    lastError: state === "failed" ? "550 5.1.1 mailbox unavailable" : null,
    ...extra,
  });
  ids[name] = row?.id ?? "";
}

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  await mail("ann", "sent", 1);
  await mail("bob", "failed", 2, { failure: "address", attempts: 3 });
  await mail("cid", "pending", 3);
  await mail("dee", "failed", 4, { failure: "address", attempts: 1 });
  await mail("eve", "cancelled", 5);
});
afterAll(async () => handle.close());

describe("the outbox page", () => {
  it("counts every state and lists one, newest first, in keyset pages", async () => {
    const first = await mailPage(handle.db, {}, 2);
    expect(first.counts).toEqual({ pending: 1, sent: 1, failed: 2, cancelled: 1 });
    // Counted up to the cap and one beyond it, so the page can say "1+" instead of counting a million rows.
    expect((await mailPage(handle.db, {}, 2, 1)).counts).toEqual({ pending: 1, sent: 1, failed: 2, cancelled: 1 });
    expect((await mailPage(handle.db, {}, 2, 0)).counts).toEqual({ pending: 1, sent: 1, failed: 1, cancelled: 1 });
    expect(first.rows.map((r) => r.subject)).toEqual(["Invite eve", "Invite dee"]);
    const second = await mailPage(handle.db, { after: first.next }, 2);
    expect(second.rows.map((r) => r.subject)).toEqual(["Invite cid", "Invite bob"]);
    const last = await mailPage(handle.db, { after: second.next }, 2);
    expect([last.rows.map((r) => r.subject), last.next]).toEqual([["Invite ann"], undefined]);
    const failed = await mailPage(handle.db, { state: "failed" });
    expect(failed.rows.map((r) => [r.recipientMasked, r.failure, r.attempts])).toEqual([
      ["d•••@example.com", "address", 1],
      ["b•••@example.com", "address", 3],
    ]);
    expect(JSON.stringify(failed.rows)).not.toMatch(/dee@|payload/);
  });

  it("lists one application's emails with its own counts, from the link on its page; a bad id is ignored", async () => {
    const applicationId = "app_mailpage00000000000000";
    await insertApplication(handle.db, {
      id: applicationId,
      productId: "prod_x",
      kycLevel: "basic",
      state: "kyc_pending",
      draftCiphertext: seal("{}", keys),
      resumeHash: crypto.randomUUID(),
      resumeExpiresAt: new Date(Date.UTC(2026, 3, 2)),
    });
    await mail("fay", "sent", 6, { applicationId });
    await mail("gus", "failed", 7, { applicationId, failure: "address", attempts: 1 });
    const mine = await mailPage(handle.db, mailParamsSchema.parse({ application: applicationId }));
    expect(mine.rows.map((r) => r.subject)).toEqual(["Invite gus", "Invite fay"]);
    expect(mine.counts).toEqual({ pending: 0, sent: 1, failed: 1, cancelled: 0 });
    const failedOnly = await mailPage(handle.db, mailParamsSchema.parse({ application: applicationId, state: "failed" }));
    expect(failedOnly.rows.map((r) => r.subject)).toEqual(["Invite gus"]);
    // Not an application id: the filter is dropped, never a 500 or an empty page that hides everything.
    expect(mailParamsSchema.parse({ application: "app_x' or 1=1 --" })).toEqual({});
    expect((await mailPage(handle.db, mailParamsSchema.parse({ application: "nope" }))).counts.sent).toBe(2);
    await handle.db.delete(mailOutbox).where(eq(mailOutbox.applicationId, applicationId));
  });

  it("resends a failed email: pending again at once, attempts from zero, audited with why it had failed", async () => {
    const now = new Date(Date.UTC(2026, 3, 1, 10));
    expect(await resendMail(staff, ids.bob!, handle.db, now, true)).toEqual({ ok: true, state: "pending" });
    expect(await findMail(handle.db, ids.bob!)).toMatchObject({ state: "pending", attempts: 0, nextAttemptAt: now });
    const [entry] = await listAuditEntries(handle.db, { action: "mail.resent" }, 1);
    expect(entry).toMatchObject({ staffId: staff.id, target: ids.bob, detail: { kind: "staff_invite", attempts: 3, failure: "address" } });
  });

  it("refuses any other state, an unknown id, and while mail is off", async () => {
    for (const name of ["ann", "cid", "eve", "bob"])
      await expect(resendMail(staff, ids[name]!, handle.db, new Date(), true)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(resendMail(staff, "app_unknownunknownunknown0", handle.db, new Date(), true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resendMail(staff, crypto.randomUUID(), handle.db, new Date(), true)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(resendMail(staff, ids.dee!, handle.db, new Date(), false)).rejects.toMatchObject({ code: "INVALID_STATE" });
    expect((await findMail(handle.db, ids.dee!))?.state).toBe("failed");
  });
});
