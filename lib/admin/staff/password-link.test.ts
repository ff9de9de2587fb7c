import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addStaff,
  passwordLinkOwner,
  PASSWORD_LINK_TTL_MS,
  resetStaffPassword,
  setPasswordWithToken,
  type StaffDeps,
} from "@/lib/admin/staff/accounts";
import { openDatabase } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";
import { isPortalError } from "@/lib/errors";

// The set-password page names the account only while its link still works: not once used, not once expired,
// not after a reset replaced it.

describe("one-time set-password links", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());

  const at = (ms: number): StaffDeps => ({ db: handle.db, now: () => new Date(Date.UTC(2026, 0, 1) + ms), appUrl: "http://portal.test" });
  const actor = { id: "00000000-0000-4000-8000-000000000000", email: "root@example.com", name: "", role: "admin" as const, ip: "10.0.0.1" };
  const tokenOf = (url: string) => url.split("/").pop() ?? "";

  it("open for their account until used", async () => {
    const { setPasswordUrl } = await addStaff(at(0), actor, { email: "Link.User@example.com", name: "Link", role: "agent" });
    expect(setPasswordUrl).toMatch(/^http:\/\/portal\.test\/admin\/set-password\/[\w-]{40,}$/);
    const token = tokenOf(setPasswordUrl);
    expect(await passwordLinkOwner(at(1000), token)).toBe("link.user@example.com");
    expect(await passwordLinkOwner(at(1000), `${token}x`)).toBeUndefined();
    await setPasswordWithToken(at(2000), token, "a-long-enough-password", "10.0.0.2");
    expect(await passwordLinkOwner(at(3000), token)).toBeUndefined();
    const again = await setPasswordWithToken(at(3000), token, "another-long-password", "10.0.0.2").catch((e: unknown) => e);
    expect(isPortalError(again, "NOT_FOUND")).toBe(true);
  });

  it("closed once expired, and replaced by a reset", async () => {
    const { setPasswordUrl, staff } = await addStaff(at(0), actor, { email: "late@example.com", name: "", role: "viewer" });
    const first = tokenOf(setPasswordUrl);
    expect(await passwordLinkOwner(at(PASSWORD_LINK_TTL_MS + 1), first)).toBeUndefined();
    const reset = await resetStaffPassword(at(PASSWORD_LINK_TTL_MS + 2), actor, staff.id);
    expect(await passwordLinkOwner(at(PASSWORD_LINK_TTL_MS + 3), first)).toBeUndefined();
    expect(await passwordLinkOwner(at(PASSWORD_LINK_TTL_MS + 3), tokenOf(reset.setPasswordUrl))).toBe("late@example.com");
  });
});
