import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditFilterOf, auditParamsSchema, detailParts, detailText } from "@/lib/admin/audit/log";
import { hashPassword } from "@/lib/auth/password";
import { signInWithOidc } from "@/lib/auth/oidc-sign-in";
import { signInWithPassword } from "@/lib/auth/sign-in";
import { THROTTLE } from "@/lib/auth/throttle";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser } from "@/lib/db/staff-users";
import { testEngines } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";

// Each successful sign-in (password or OpenID Connect) lands in the audit log, and so does each refused one, with
// the address it came from. Runs on PGlite, and on Postgres too when TEST_DATABASE_URL is set.

describe("audit filters from the URL", () => {
  it("keep what is well formed, ignore the rest, and read dates as whole UTC days", () => {
    const params = auditParamsSchema.parse({
      action: "staff.created",
      staff: "not-a-uuid",
      from: "2026-01-02",
      to: "2026-01-03",
      before: "x",
    });
    expect(params).toEqual({
      action: "staff.created",
      staff: undefined,
      application: undefined,
      from: "2026-01-02",
      to: "2026-01-03",
      before: undefined,
    });
    expect(auditParamsSchema.parse({ action: "drop.tables", before: "42" })).toMatchObject({ action: undefined, before: 42 });
    const filter = auditFilterOf(params);
    expect(filter.from?.toISOString()).toBe("2026-01-02T00:00:00.000Z");
    expect(filter.to?.toISOString()).toBe("2026-01-03T23:59:59.999Z");
  });
});

describe("audit details", () => {
  it("flatten the detail and never show typed search text", () => {
    expect(detailText(null)).toBe("");
    expect(detailText({ method: "oidc" })).toBe("method=oidc");
    expect(detailText({ filter: { q: "Ada Lovelace", state: "failed", sort: "created_desc" } })).toBe("filter=q=••• state=failed");
    // A list is its values, not its indexes ("fields=0=email 1=mobile" before).
    expect(detailText({ fields: ["email", "mobile"] })).toBe("fields=email, mobile");
  });

  it("give the page labelled values: paths for nested objects, lists joined, search text masked", () => {
    expect(detailParts({ fields: ["email", "mobile"], sessions_ended: true, filter: { q: "Ada", state: "failed" } })).toEqual([
      { path: ["fields"], value: "email, mobile" },
      { path: ["sessions_ended"], value: "true" },
      { path: ["filter", "q"], value: "•••" },
      { path: ["filter", "state"], value: "failed" },
    ]);
    expect(detailParts(null)).toEqual([]);
  });
});

describe.each(testEngines(2))("sign-ins in the audit log on %s", (_engine, open) => {
  let handle: DbHandle;
  let drop: () => Promise<void>;
  beforeAll(async () => void ({ handle, drop } = await open()));
  afterAll(async () => {
    await handle.close();
    await drop();
  });

  it("records each successful one once, with the method and the address", async () => {
    const now = new Date();
    const user = await createStaffUser(handle.db, {
      email: "Signer@example.com",
      name: "Signer",
      role: "agent",
      passwordHash: await hashPassword("a-long-password-1"),
    });
    expect(user).toBeDefined();
    const ip = "10.9.8.7";
    expect(await signInWithPassword(handle.db, { email: "signer@example.com", password: "wrong-password-00", ip, now })).toBeUndefined();
    expect(await signInWithPassword(handle.db, { email: "signer@example.com", password: "a-long-password-1", ip, now })).toBeDefined();
    const oidc = { ip, now, allowedDomains: undefined };
    const claims = { issuer: "https://id.example.com", emailVerified: true };
    expect(await signInWithOidc(handle.db, { ...claims, subject: "s-1", email: "SIGNER@example.com" }, oidc)).toMatchObject({ ok: true });
    expect(await signInWithOidc(handle.db, { ...claims, subject: "s-2", email: "nobody@example.com" }, oidc)).toMatchObject({ ok: false });
    const entries = await listAuditEntries(handle.db, { action: "staff.signed_in" }, 10);
    expect(entries.map((e) => [e.staffId, e.staffEmail, e.detail, e.ip])).toEqual([
      [user?.id, "signer@example.com", { method: "oidc" }, ip],
      [user?.id, "signer@example.com", { method: "password" }, ip],
    ]);
  });

  it("records each refused and throttled one with the address, under the account or the typed email masked", async () => {
    const now = new Date();
    const user = await createStaffUser(handle.db, {
      email: "target@example.com",
      name: "Target",
      role: "admin",
      passwordHash: await hashPassword("a-long-password-2"),
    });
    const ip = "10.9.8.6";
    for (let k = 0; k <= THROTTLE.free; k++) {
      await signInWithPassword(handle.db, { email: "target@example.com", password: `wrong-${k}`, ip, now });
    }
    await signInWithPassword(handle.db, { email: "someone.else@example.org", password: "whatever-it-is", ip: "10.9.8.5", now });
    // Those of this test: the one before had a wrong password of its own, from 10.9.8.7.
    const failed = (await listAuditEntries(handle.db, { action: "staff.sign_in_failed" }, 10)).filter((e) => e.ip !== "10.9.8.7");
    expect(failed.map((e) => [e.staffId, e.staffEmail, e.ip, e.detail])).toEqual([
      [null, "s***@e***.org", "10.9.8.5", { method: "password", reason: "bad_credentials" }],
      ...Array.from({ length: THROTTLE.free }, () => [
        user?.id,
        "target@example.com",
        ip,
        { method: "password", reason: "bad_credentials" },
      ]),
    ]);
    const throttled = await listAuditEntries(handle.db, { action: "staff.sign_in_throttled" }, 10);
    expect(throttled.map((e) => [e.staffId, e.ip, e.detail])).toEqual([
      [user?.id, ip, { method: "password", limit: "pair", retry_after_s: THROTTLE.baseDelayMs / 1000 }],
    ]);
  });
});
