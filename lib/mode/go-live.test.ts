import { beforeAll, describe, expect, it } from "vitest";
import { seedApplications } from "@/lib/admin/testing/seed";
import { signsIn } from "@/lib/auth/first-admin";
import { ensureFirstStaffUser } from "@/lib/auth/first-staff-user";
import { keyringOf } from "@/lib/crypto/secret-box";
import { ensureDatabaseMode, isDatabaseModeError, readDatabaseMode } from "@/lib/db/database-mode";
import { countApplications } from "@/lib/db/go-live";
import { rowsOf } from "@/lib/db/rows";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { createStaffUser, findStaffUserByEmail } from "@/lib/db/staff-users";
import { useTestDatabase, testEngines } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { goLive } from "@/lib/mode/go-live";
import { migrateSandbox } from "@/lib/sandbox/migrations";
import { sql } from "drizzle-orm";

// Issue #24 item 15: `npm run db:go-live` turns a database created in sandbox mode into a live one: the sandbox's
// staff accounts disabled, the first live admin created, the sandbox's tables and test data gone, the mode live.

const DEMO = { email: "admin@example.com", password: "the sandbox's generated one" };
const LIVE_ADMIN = { email: "ops@merchant.example", password: "a long live password" };
const NOW = new Date("2026-11-20T10:00:00Z");

const sandboxTables = async (handle: DbHandle) =>
  rowsOf<{ n: number }>(
    await handle.db.execute(
      sql`select count(*)::int as n from information_schema.tables where table_schema = current_schema() and starts_with(table_name, 'sandbox_')`,
    ),
  )[0]?.n;

/** The database as sandbox mode leaves it: its tables, the demo admin, an agent the demo admin added, `apps` applications. */
async function asSandboxLeftIt(handle: DbHandle, apps: number) {
  await ensureDatabaseMode(handle.db, "sandbox");
  await migrateSandbox(handle);
  await ensureFirstStaffUser(handle.db, DEMO);
  await createStaffUser(handle.db, { email: "agent@example.com", role: "agent" });
  if (apps > 0) await seedApplications(handle.db, { count: apps, productIds: ["prod_x"], now: NOW, keys: keyringOf("k".repeat(40)) });
}

describe.each(testEngines())("npm run db:go-live on %s", (_engine, open) => {
  describe("a sandbox database with applications", () => {
    const handle = useTestDatabase(open);
    beforeAll(async () => asSandboxLeftIt(handle(), 3));

    it("is refused unless applications may go, then loses its sandbox staff, gains the live admin and is marked live", async () => {
      const { db } = handle();
      expect(await goLive(db, LIVE_ADMIN, { discardApplications: false }, NOW)).toEqual({ outcome: "needs-discard", applications: 3 });
      // Nothing changed.
      expect([await countApplications(db), await sandboxTables(handle()), (await readDatabaseMode(db))?.mode]).toEqual([3, 10, "sandbox"]);
      expect(await signsIn(db, DEMO)).toBe(true);

      const demoBefore = await findStaffUserByEmail(db, DEMO.email);
      const done = await goLive(db, LIVE_ADMIN, { discardApplications: true }, NOW);
      expect(done).toMatchObject({ outcome: "done", admin: LIVE_ADMIN.email, disabledAccounts: 2, applications: 3 });
      expect(done.outcome === "done" && done.clearedTables).toEqual(expect.arrayContaining(["applications", "application_events"]));

      // The demo login no longer opens anything, and its sessions ended; the live admin signs in.
      const demo = await findStaffUserByEmail(db, DEMO.email);
      expect(demo?.disabledAt?.toISOString()).toBe(NOW.toISOString());
      expect(demo?.sessionVersion).toBe((demoBefore?.sessionVersion ?? 0) + 1);
      expect((await findStaffUserByEmail(db, "agent@example.com"))?.disabledAt).not.toBeNull();
      expect(await signsIn(db, DEMO)).toBe(false);
      expect(await signsIn(db, LIVE_ADMIN)).toBe(true);
      expect((await findStaffUserByEmail(db, LIVE_ADMIN.email))?.role).toBe("admin");

      expect([await countApplications(db), await sandboxTables(handle())]).toEqual([0, 0]);
      expect(await readDatabaseMode(db)).toMatchObject({ mode: "live", origin: "go-live" });
      expect((await ensureDatabaseMode(db, "live")).row.mode).toBe("live");
      expect(isDatabaseModeError(await ensureDatabaseMode(db, "sandbox").catch((e: unknown) => e))).toBe(true);
      const [entry] = await listAuditEntries(db, { action: "database.went_live" }, 5);
      expect(entry).toMatchObject({
        staffEmail: LIVE_ADMIN.email,
        detail: { disabledAccounts: 2, removedApplications: 3, droppedTables: 10 },
      });

      // Once live, running it again changes nothing.
      const again = await goLive(db, { ...LIVE_ADMIN, password: "another password!" }, { discardApplications: true });
      expect(again).toEqual({ outcome: "already-live" });
      expect(await signsIn(db, LIVE_ADMIN)).toBe(true);
    });
  });

  describe("a sandbox database without applications", () => {
    const handle = useTestDatabase(open);
    beforeAll(async () => asSandboxLeftIt(handle(), 0));

    it("needs no flag; an ADMIN_EMAIL made in sandbox mode becomes the live admin with the new password", async () => {
      const { db } = handle();
      const agent = { email: "agent@example.com", password: LIVE_ADMIN.password };
      expect(await goLive(db, agent, { discardApplications: false }, NOW)).toMatchObject({
        outcome: "done",
        admin: agent.email,
        disabledAccounts: 1,
      });
      const account = await findStaffUserByEmail(db, agent.email);
      expect([account?.role, account?.disabledAt]).toEqual(["admin", null]);
      expect(await signsIn(db, agent)).toBe(true);
      expect(await signsIn(db, DEMO)).toBe(false);
    });
  });
});
