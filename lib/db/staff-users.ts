import "server-only";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import { staffUsers, type NewStaffUser, type StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Named query functions of the staff accounts (each table has its module in lib/db).

/** Advisory lock (two-key form, apart from the single-key locks of jobs and migrations) of changes to roles and enabled states. */
const ROLES_LOCK = sql`select pg_advisory_xact_lock(7240114, 1)`;

/** Within a transaction: waits for any other change of roles or enabled states to commit (every instance takes it). */
export async function lockStaffRoles(tx: Database): Promise<void> {
  await tx.execute(ROLES_LOCK);
}

export async function countStaffUsers(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(staffUsers);
  return row?.n ?? 0;
}

export async function findStaffUserByEmail(db: Database, email: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.email, email.toLowerCase())).limit(1);
  return row;
}

/** Inserts unless the email exists already; returns whether a row was created. */
export async function insertStaffUser(db: Database, user: NewStaffUser): Promise<boolean> {
  const rows = await db
    .insert(staffUsers)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}

export async function findStaffUser(db: Database, id: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, id)).limit(1);
  return row;
}

export async function listStaffUsers(db: Database): Promise<StaffUser[]> {
  return db.select().from(staffUsers).orderBy(asc(staffUsers.email));
}

/** Inserts an account and answers it, or undefined when the email is taken. */
export async function createStaffUser(db: Database, user: NewStaffUser): Promise<StaffUser | undefined> {
  const [row] = await db
    .insert(staffUsers)
    .values({ ...user, email: user.email.toLowerCase() })
    .onConflictDoNothing({ target: staffUsers.email })
    .returning();
  return row;
}

type StaffPatch = Partial<
  Pick<
    NewStaffUser,
    | "name"
    | "role"
    | "passwordHash"
    | "disabledAt"
    | "passwordTokenHash"
    | "passwordTokenExpiresAt"
    | "lastSignInAt"
    | "oidcIssuer"
    | "oidcSubject"
  >
>;

/** Changes an account; `endSessions` raises its session version, so every session of it ends at once. */
export async function updateStaffUser(
  db: Database,
  id: string,
  patch: StaffPatch,
  endSessions: boolean,
  now: Date,
): Promise<StaffUser | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ ...patch, updatedAt: now, ...(endSessions ? { sessionVersion: sql`${staffUsers.sessionVersion} + 1` } : {}) })
    .where(eq(staffUsers.id, id))
    .returning();
  return row;
}

/** The account bound to an OpenID Connect identity (issuer, subject). */
export async function findStaffUserByOidc(db: Database, issuer: string, subject: string): Promise<StaffUser | undefined> {
  const [row] = await db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.oidcIssuer, issuer), eq(staffUsers.oidcSubject, subject)))
    .limit(1);
  return row;
}

/** Binds an account that has no OpenID Connect identity yet to one; undefined when it has one already. */
export async function bindStaffOidc(db: Database, id: string, issuer: string, subject: string, now: Date): Promise<StaffUser | undefined> {
  const [row] = await db
    .update(staffUsers)
    .set({ oidcIssuer: issuer, oidcSubject: subject, updatedAt: now })
    .where(and(eq(staffUsers.id, id), isNull(staffUsers.oidcSubject)))
    .returning();
  return row;
}

export async function findStaffUserByPasswordToken(db: Database, tokenHash: string): Promise<StaffUser | undefined> {
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.passwordTokenHash, tokenHash)).limit(1);
  return row;
}

/** Admins that are not disabled: the last one may not lose the role or be disabled. */
export async function countActiveAdmins(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "admin"), isNull(staffUsers.disabledAt)));
  return row?.n ?? 0;
}

/** Enabled admins, oldest first: the recipients of the daily email. */
export async function listActiveAdmins(db: Database): Promise<StaffUser[]> {
  return db
    .select()
    .from(staffUsers)
    .where(and(eq(staffUsers.role, "admin"), isNull(staffUsers.disabledAt)))
    .orderBy(asc(staffUsers.createdAt), asc(staffUsers.id));
}

/**
 * Sets the account's time zone; with `onlyIfUnset`, only while it has none (the browser's guess at the first sign-in
 * never overrides a choice). Answers whether the row changed.
 */
export async function setStaffTimeZone(db: Database, id: string, timeZone: string, onlyIfUnset = false): Promise<boolean> {
  const rows = await db
    .update(staffUsers)
    .set({ timeZone, updatedAt: new Date() })
    .where(and(eq(staffUsers.id, id), onlyIfUnset ? isNull(staffUsers.timeZone) : undefined))
    .returning({ id: staffUsers.id });
  return rows.length > 0;
}
