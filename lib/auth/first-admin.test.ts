import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { demoAdminPasswordPath, firstAdmin } from "@/lib/auth/first-admin";

// Issue #24 item 15: the sandbox's staff password is generated at first start and kept in DATA_DIR/secrets, never
// a constant of the code; ADMIN_EMAIL/ADMIN_PASSWORD still win.

const dirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), "first-admin-"));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sandbox = (dir: string) => ({ mode: "sandbox" as const, admin: { email: "admin@example.com", password: undefined }, dataDir: dir });

describe("the first admin", () => {
  it("in sandbox mode is admin@example.com with a password generated into DATA_DIR/secrets (0600), kept across starts", () => {
    const dir = dataDir();
    const admin = firstAdmin(sandbox(dir));
    expect(admin).toMatchObject({ email: "admin@example.com", generated: true });
    const file = demoAdminPasswordPath(dir);
    expect(file).toBe(path.join(dir, "secrets", "demo-admin-password"));
    expect(readFileSync(file, "utf8")).toBe(admin?.password);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    expect(admin?.password).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(admin?.password).not.toBe("admin-password");
    // A restart reads the same file; another data folder has a password of its own.
    expect(firstAdmin(sandbox(dir))?.password).toBe(admin?.password);
    expect(firstAdmin(sandbox(dataDir()))?.password).not.toBe(admin?.password);
  });

  it("is ADMIN_EMAIL/ADMIN_PASSWORD when set, in either mode; live mode has none otherwise", () => {
    const dir = dataDir();
    const own = { email: "ops@merchant.example", password: "my own password" };
    expect(firstAdmin({ mode: "sandbox", admin: own, dataDir: dir })).toEqual({ ...own, generated: false });
    expect(firstAdmin({ mode: "live", admin: own, dataDir: dir })).toEqual({ ...own, generated: false });
    expect(firstAdmin({ mode: "live", admin: undefined, dataDir: dir })).toBeUndefined();
    expect(() => statSync(path.join(dir, "secrets"))).toThrow();
  });
});
