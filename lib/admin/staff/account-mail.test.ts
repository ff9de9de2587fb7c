import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addStaff, resetStaffPassword, type StaffDeps } from "@/lib/admin/staff/accounts";
import { keyringOf, open } from "@/lib/crypto/secret-box";
import { findMail, listOutbox } from "@/lib/db/mail-outbox";
import { openDatabase } from "@/lib/db/open";
import { listAuditEntries } from "@/lib/db/staff-audit";
import type { DbHandle } from "@/lib/db/types";
import { isPortalError } from "@/lib/errors";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";

// A new account's invitation and a reset's link go to the account's own address, queued with the account change,
// sealed with the deployment keyring; with mail off nothing is queued and the admin passes the link on by hand.

describe("set-password links by email", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());

  const keys = keyringOf("staff mail test key");
  const now = new Date(Date.UTC(2026, 2, 1, 9));
  const deps = (enabled = true): StaffDeps => ({
    db: handle.db,
    now: () => now,
    appUrl: "http://portal.test",
    mail: { ...TEST_MAIL_SETTINGS, enabled },
    keys,
  });
  const actor = { id: "00000000-0000-4000-8000-000000000000", email: "root@example.com", name: "", role: "admin" as const, ip: "10.0.0.1" };
  const outbox = async () => listOutbox(handle.db, undefined, undefined, 100);
  const payloadOf = async (id: string) => {
    const row = await findMail(handle.db, id);
    return JSON.parse(open(row?.payloadSealed ?? "", keys)) as { to: string; params: Record<string, unknown> };
  };

  it("emails the invitation to the new account, with the link the admin is shown, and audits that it did", async () => {
    const answer = await addStaff(deps(), actor, { email: "Invited@Example.com", name: "Ivy", role: "agent" });
    expect(answer.emailed).toBe(true);
    const [mail] = (await outbox()).filter((m) => m.kind === "staff_invite");
    expect(mail).toMatchObject({ state: "pending", recipientMasked: "i•••@example.com", applicationId: null });
    expect(await payloadOf(mail!.id)).toEqual({
      to: "invited@example.com",
      params: { link: answer.setPasswordUrl, expires: "2026-03-08T09:00:00.000Z", role: "agent" },
    });
    const [entry] = await listAuditEntries(handle.db, { action: "staff.created" }, 1);
    expect(entry?.detail).toEqual({ role: "agent", emailed: true });
  });

  it("emails a reset's new link to the account", async () => {
    const { staff } = await addStaff(deps(false), actor, { email: "reset.me@example.com", name: "", role: "viewer" });
    const answer = await resetStaffPassword(deps(), actor, staff.id);
    expect(answer.emailed).toBe(true);
    const [mail] = (await outbox()).filter((m) => m.kind === "staff_password_reset");
    expect(mail?.recipientMasked).toBe("r•••@example.com");
    expect(await payloadOf(mail!.id)).toEqual({
      to: "reset.me@example.com",
      params: { link: answer.setPasswordUrl, expires: "2026-03-08T09:00:00.000Z" },
    });
  });

  it("queues nothing when mail is off or the account is refused", async () => {
    const before = (await outbox()).length;
    const off = await addStaff(deps(false), actor, { email: "quiet@example.com", name: "", role: "agent" });
    expect(off.emailed).toBe(false);
    expect((await resetStaffPassword(deps(false), actor, off.staff.id)).emailed).toBe(false);
    const taken = await addStaff(deps(), actor, { email: "quiet@example.com", name: "", role: "agent" }).catch((e: unknown) => e);
    expect(isPortalError(taken, "VALIDATION_ERROR")).toBe(true);
    const withoutKeys = await addStaff({ ...deps(), keys: undefined }, actor, { email: "nokeys@example.com", name: "", role: "agent" });
    expect(withoutKeys.emailed).toBe(false);
    expect((await outbox()).length).toBe(before);
  });
});
