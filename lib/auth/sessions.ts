import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { recordStaffAction } from "@/lib/audit/record";
import { addSessionPasswordFailure, deleteStaffSession, findSessionAccount, insertStaffSession } from "@/lib/db/staff-sessions";
import { findStaffUser } from "@/lib/db/staff-users";
import type { StaffUser } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Server-side staff sessions. The session token (a JWT in an httpOnly cookie) carries a random session id; the
// database keeps only its hash. Sign-out deletes the row, so a copy of the cookie made before stops working at
// once. A change of role, a disabled account or a new password still end every session (the session version).

/** A session ends this long after sign-in, whatever the activity. */
export const SESSION_MAX_AGE_S = 8 * 60 * 60;

export const sessionHash = (id: string) => createHash("sha256").update(id).digest("hex");

/** Starts a session for the account; answers the id to put in the token. */
export async function startStaffSession(db: Database, staffId: string, now: Date): Promise<string> {
  const id = randomBytes(32).toString("base64url");
  await insertStaffSession(db, { idHash: sessionHash(id), staffId, createdAt: now }, new Date(now.getTime() - SESSION_MAX_AGE_S * 1000));
  return id;
}

/** The account of a live session (undefined when the session ended or never was). */
export async function sessionAccount(db: Database, id: string): Promise<StaffUser | undefined> {
  return id ? findSessionAccount(db, sessionHash(id)) : undefined;
}

/** Ends one session: `staff.signed_out` in the audit log, with why when the portal ended it rather than its owner. */
export async function endStaffSession(db: Database, id: string, ip: string, reason?: string, now = new Date()): Promise<void> {
  const staffId = id ? await deleteStaffSession(db, sessionHash(id)) : undefined;
  const account = staffId ? await findStaffUser(db, staffId) : undefined;
  if (!account) return;
  await recordStaffAction(db, { id: account.id, email: account.email, ip }, "staff.signed_out", reason ? { detail: { reason } } : {}, now);
}

/** Counts a wrong current password given in this session; answers how many it has given (0: no such session). */
export async function sessionPasswordFailure(db: Database, id: string): Promise<number> {
  return (await addSessionPasswordFailure(db, sessionHash(id))) ?? 0;
}
