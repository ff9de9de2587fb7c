import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { staffSessions, staffUsers, type StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Named query functions of the server-side staff sessions (lib/auth/sessions.ts holds their rules).

/** A new session row; the account's rows older than `staleBefore` go at the same time (nothing else removes them). */
export async function insertStaffSession(db: Database, row: { idHash: string; staffId: string; createdAt: Date }, staleBefore: Date) {
  await db.delete(staffSessions).where(and(eq(staffSessions.staffId, row.staffId), lt(staffSessions.createdAt, staleBefore)));
  await db.insert(staffSessions).values(row);
}

/** The account of a live session, read with the session in one query (it runs on every staff request). */
export async function findSessionAccount(db: Database, idHash: string): Promise<StaffUser | undefined> {
  const [row] = await db
    .select({ account: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffId))
    .where(eq(staffSessions.idHash, idHash))
    .limit(1);
  return row?.account;
}

/** Ends a session; answers the account it belonged to, or undefined when it had ended already. */
export async function deleteStaffSession(db: Database, idHash: string): Promise<string | undefined> {
  const [row] = await db.delete(staffSessions).where(eq(staffSessions.idHash, idHash)).returning({ staffId: staffSessions.staffId });
  return row?.staffId;
}

/** One more wrong current password in this session; answers the new count (undefined: no such session). */
export async function addSessionPasswordFailure(db: Database, idHash: string): Promise<number | undefined> {
  const [row] = await db
    .update(staffSessions)
    .set({ passwordFailures: sql`${staffSessions.passwordFailures} + 1` })
    .where(eq(staffSessions.idHash, idHash))
    .returning({ n: staffSessions.passwordFailures });
  return row?.n;
}
