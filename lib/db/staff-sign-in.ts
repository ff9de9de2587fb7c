import "server-only";
import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import { staffSignInAttempts } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

export type SignInAttempt = typeof staffSignInAttempts.$inferInsert;

/** Outcome of an attempt whose password is being checked: it counts as a failure until it is known. */
export const CHECKING = "checking";
/** Advisory lock namespace (two-key form) of sign-in counts, apart from the single-key locks of jobs and migrations. */
const SIGN_IN_LOCK_SPACE = 7_240_113;

export async function recordSignInAttempt(db: Database, attempt: SignInAttempt): Promise<void> {
  await db.insert(staffSignInAttempts).values(attempt);
}

/** Failed attempts since `since`, for an account (email) or an address (ip). */
export async function countFailedSignIns(db: Database, by: { email: string } | { ip: string }, since: Date): Promise<number> {
  const who = "email" in by ? eq(staffSignInAttempts.email, by.email) : eq(staffSignInAttempts.ip, by.ip);
  const [row] = await db
    .select({ n: count() })
    .from(staffSignInAttempts)
    .where(and(who, ne(staffSignInAttempts.outcome, "success"), gt(staffSignInAttempts.at, since)));
  return row?.n ?? 0;
}

export type SignInLimits = { since: Date; perAccount: number; perAddress: number };

/**
 * Counts the account's and the address's failures and records this attempt in one step, under locks on both
 * (every instance takes them), so guesses sent at once are counted one after another: the attempt is recorded
 * as `checking` when under both limits (answered with its id, to set the outcome), else as `throttled`.
 */
export async function reserveSignInAttempt(
  db: Database,
  attempt: Omit<SignInAttempt, "outcome">,
  limits: SignInLimits,
): Promise<{ id: number } | "throttled"> {
  return db.transaction(async (tx) => {
    // Email keys sort before address keys: every transaction locks in the same order, so none waits on another in a circle.
    for (const key of [`email:${attempt.email}`, `ip:${attempt.ip}`]) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${key}))`);
    }
    const [byAccount, byAddress] = await Promise.all([
      countFailedSignIns(tx, { email: attempt.email }, limits.since),
      countFailedSignIns(tx, { ip: attempt.ip }, limits.since),
    ]);
    const throttled = byAccount >= limits.perAccount || byAddress >= limits.perAddress;
    const [row] = await tx
      .insert(staffSignInAttempts)
      .values({ ...attempt, outcome: throttled ? "throttled" : CHECKING })
      .returning({ id: staffSignInAttempts.id });
    if (!row) throw new Error("insert returned nothing");
    return throttled ? "throttled" : row;
  });
}

/** The outcome of a reserved attempt once its password was checked. */
export async function setSignInOutcome(db: Database, id: number, outcome: string): Promise<void> {
  await db.update(staffSignInAttempts).set({ outcome }).where(eq(staffSignInAttempts.id, id));
}
