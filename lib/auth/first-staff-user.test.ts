import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureFirstStaffUser } from "@/lib/auth/first-staff-user";
import { hashPassword, verifyPassword } from "@/lib/auth/password";
import { openDatabase } from "@/lib/db/open";
import { countStaffUsers, findStaffUserByEmail } from "@/lib/db/staff-users";
import type { DbHandle } from "@/lib/db/types";

describe("passwords", () => {
  it("verifies the right password only, with a fresh salt each time", async () => {
    const a = await hashPassword("correct horse");
    const b = await hashPassword("correct horse");
    expect(a).not.toBe(b);
    expect(await verifyPassword("correct horse", a)).toBe(true);
    expect(await verifyPassword("wrong horse", a)).toBe(false);
    expect(await verifyPassword("correct horse", "garbage")).toBe(false);
  });
});

describe("ensureFirstStaffUser", () => {
  let handle: DbHandle;
  beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
  afterAll(async () => handle.close());

  it("does nothing without a configured account", async () => {
    expect(await ensureFirstStaffUser(handle.db, undefined)).toBe("not-configured");
    expect(await countStaffUsers(handle.db)).toBe(0);
  });

  it("creates the admin once, then leaves staff alone", async () => {
    expect(await ensureFirstStaffUser(handle.db, { email: "admin@example.com", password: "first admin password" })).toBe("created");
    const user = await findStaffUserByEmail(handle.db, "admin@example.com");
    expect(user?.role).toBe("admin");
    expect(await verifyPassword("first admin password", user?.passwordHash ?? "")).toBe(true);
    expect(await ensureFirstStaffUser(handle.db, { email: "other@example.com", password: "x".repeat(12) })).toBe("exists");
    expect(await countStaffUsers(handle.db)).toBe(1);
  });
});
