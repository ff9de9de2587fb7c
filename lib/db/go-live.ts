import "server-only";
import { count, ne, sql } from "drizzle-orm";
import { applications, staffUsers } from "@/lib/db/schema";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// Query functions of `npm run db:go-live` (lib/mode/go-live.ts): a sandbox-made database made fit for live mode.

/** Tables that outlive the switch: the staff accounts (disabled), their audit trail and the mode record. */
const KEPT_TABLES = new Set(["staff_users", "staff_audit_log", "database_mode"]);

export async function countApplications(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(applications);
  return row?.n ?? 0;
}

/** Disables every account but `email` and ends its sessions; answers how many were enabled before. */
export async function disableStaffExcept(db: Database, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(staffUsers)
    .set({
      disabledAt: sql`coalesce(${staffUsers.disabledAt}, ${now})`,
      sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
      passwordTokenHash: null,
      passwordTokenExpiresAt: null,
      updatedAt: now,
    })
    .where(ne(staffUsers.email, email.toLowerCase()))
    .returning({ disabledAt: staffUsers.disabledAt });
  return rows.filter((r) => r.disabledAt?.getTime() === now.getTime()).length;
}

/** Creates the admin, or makes an existing account of that email an enabled admin with this password. */
export async function upsertAdmin(db: Database, email: string, passwordHash: string, now: Date): Promise<{ id: string; email: string }> {
  const reset = {
    passwordHash,
    role: "admin" as const,
    disabledAt: null,
    passwordTokenHash: null,
    passwordTokenExpiresAt: null,
    sessionVersion: sql`${staffUsers.sessionVersion} + 1`,
    updatedAt: now,
  };
  const [row] = await db
    .insert(staffUsers)
    .values({ email: email.toLowerCase(), passwordHash, role: "admin", createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: staffUsers.email, set: reset })
    .returning({ id: staffUsers.id, email: staffUsers.email });
  if (!row) throw new Error("the admin account could not be written");
  return row;
}

const tablesOf = async (db: Database): Promise<string[]> =>
  rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  ).map((r) => r.name);

/** Drops the embedded issuer's tables and its migration record; answers their names. */
export async function dropSandboxTables(db: Database): Promise<string[]> {
  const names = (await tablesOf(db)).filter((n) => n.startsWith("sandbox_"));
  if (names.length > 0)
    await db.execute(
      sql`drop table ${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )} cascade`,
    );
  await db.execute(sql`drop table if exists drizzle.__drizzle_migrations_sandbox`);
  return names;
}

/** Empties every portal table but the kept ones: all of it was made against the sandbox. Answers their names. */
export async function clearSandboxMadeData(db: Database): Promise<string[]> {
  const names = (await tablesOf(db)).filter((n) => !KEPT_TABLES.has(n) && !n.startsWith("sandbox_"));
  if (names.length > 0)
    await db.execute(
      sql`truncate table ${sql.join(
        names.map((n) => sql.identifier(n)),
        sql`, `,
      )}`,
    );
  return names;
}
