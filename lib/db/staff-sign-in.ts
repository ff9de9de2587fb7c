import "server-only";
import { and, count, eq, gt, ne } from "drizzle-orm";
import { staffSignInAttempts } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

export type SignInAttempt = typeof staffSignInAttempts.$inferInsert;

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
