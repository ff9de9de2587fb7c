import { describe, expect, it } from "vitest";
import { ensureDatabaseMode, isDatabaseModeError, readDatabaseMode } from "@/lib/db/database-mode";
import { createStaffUser } from "@/lib/db/staff-users";
import { useTestDatabase, testEngines } from "@/lib/db/testing";
import { migrateSandbox } from "@/lib/sandbox/migrations";

// Issue #24 item 15: a database records the mode that created it, and the other mode refuses it with a message
// that says what to do. Runs on PGlite, and on Postgres too when TEST_DATABASE_URL is set.

const refusal = async (promise: Promise<unknown>): Promise<Error> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(isDatabaseModeError(error), "refused with a DatabaseModeError").toBe(true);
  return error as Error;
};

describe.each(testEngines())("the database's mode on %s", (_engine, open) => {
  describe("a new database", () => {
    const handle = useTestDatabase(open);
    it("records the mode of its first start; live mode then refuses it and says how to proceed", async () => {
      const { db } = handle();
      expect(await readDatabaseMode(db)).toBeUndefined();
      const first = await ensureDatabaseMode(db, "sandbox");
      expect([first.row.mode, first.row.origin, first.recordedNow]).toEqual(["sandbox", "created", true]);
      expect((await ensureDatabaseMode(db, "sandbox")).recordedNow).toBe(false);

      const error = await refusal(ensureDatabaseMode(db, "live"));
      expect(error.message).toContain("PORTAL_MODE is live, but this database was created in sandbox mode");
      expect(error.message).toContain("start live mode on a new database");
      expect(error.message).toContain("npm run db:go-live");
      expect((await readDatabaseMode(db))?.mode).toBe("sandbox");
    });
  });

  describe("a database from before modes were recorded, with the sandbox's tables", () => {
    const handle = useTestDatabase(open);
    it("counts as created in sandbox mode: the issue's case of a sandbox database started in live mode is refused", async () => {
      await migrateSandbox(handle());
      await refusal(ensureDatabaseMode(handle().db, "live"));
      expect(await readDatabaseMode(handle().db)).toMatchObject({ mode: "sandbox", origin: "upgrade" });
    });
  });

  describe("a database from before modes were recorded, with staff but no sandbox tables", () => {
    const handle = useTestDatabase(open);
    it("counts as live, and sandbox mode is refused: it would add the sandbox's tables and public credentials to live data", async () => {
      const { db } = handle();
      await createStaffUser(db, { email: "ops@merchant.example", role: "admin" });
      const error = await refusal(ensureDatabaseMode(db, "sandbox"));
      expect(error.message).toContain("this database was created in live mode");
      expect(error.message).toContain("set\nPORTAL_MODE=live");
      expect(await readDatabaseMode(db)).toMatchObject({ mode: "live", origin: "upgrade" });
      expect((await ensureDatabaseMode(db, "live")).recordedNow).toBe(false);
    });
  });

  describe("two instances starting together on a new database", () => {
    const handle = useTestDatabase(open);
    it("agree on one mode: the first recorded wins and the other is refused", async () => {
      const { db } = handle();
      const results = await Promise.allSettled([ensureDatabaseMode(db, "live"), ensureDatabaseMode(db, "sandbox")]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const refused = results.find((r) => r.status === "rejected");
      expect(isDatabaseModeError(refused?.status === "rejected" ? refused.reason : undefined)).toBe(true);
    });
  });
});
