import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import { hashPassword } from "@/lib/auth/password";
import { ensureDatabaseMode, inferEarlierMode, readDatabaseMode, setDatabaseMode } from "@/lib/db/database-mode";
import { clearSandboxMadeData, countApplications, disableStaffExcept, dropSandboxTables, upsertAdmin } from "@/lib/db/go-live";
import type { Database } from "@/lib/db/types";

export type GoLiveResult =
  | { outcome: "already-live" }
  | { outcome: "needs-discard"; applications: number }
  | { outcome: "done"; admin: string; disabledAccounts: number; applications: number; droppedTables: string[]; clearedTables: string[] };

/**
 * `npm run db:go-live`: a database created in sandbox mode made fit for live mode, in one transaction. Every
 * staff account made in sandbox mode is disabled (the demo login was printed, anyone holding it could have added
 * accounts), the first live admin is created (or an account of that email reset to it), the embedded issuer's
 * tables and everything made against it are removed (its cardholders do not exist at the real issuer, and what
 * was sealed with the sandbox's generated key would not open with the live one), and the database is marked live.
 * Applications are removed only when `discardApplications` says so.
 */
export async function goLive(
  db: Database,
  admin: { email: string; password: string },
  options: { discardApplications: boolean },
  now = new Date(),
): Promise<GoLiveResult> {
  const earlier = (await readDatabaseMode(db))?.mode ?? (await inferEarlierMode(db));
  if (earlier === "live") {
    await ensureDatabaseMode(db, "live");
    return { outcome: "already-live" };
  }
  const applications = await countApplications(db);
  if (applications > 0 && !options.discardApplications) return { outcome: "needs-discard", applications };
  const passwordHash = await hashPassword(admin.password);
  return db.transaction(async (tx) => {
    const droppedTables = await dropSandboxTables(tx);
    const clearedTables = await clearSandboxMadeData(tx);
    const disabledAccounts = await disableStaffExcept(tx, admin.email, now);
    const account = await upsertAdmin(tx, admin.email, passwordHash, now);
    await setDatabaseMode(tx, "live", "go-live", now);
    const detail = { disabledAccounts, removedApplications: applications, droppedTables: droppedTables.length };
    await recordStaffAction(tx, { id: account.id, email: account.email, ip: "" }, "database.went_live", { detail }, now);
    return { outcome: "done" as const, admin: account.email, disabledAccounts, applications, droppedTables, clearedTables };
  });
}
