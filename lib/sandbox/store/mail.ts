import "server-only";
import { and, count, desc, eq, lt, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxMail, type SandboxMail } from "@/lib/sandbox/schema";

// The mail catcher's inbox: what the embedded SMTP server accepted (lib/sandbox/mail/catcher.ts).

/** The inbox keeps this many messages; older ones go as new ones arrive. */
export const CAUGHT_MAIL_KEPT = 2_000;

export async function storeCaughtMail(db: Database, row: Omit<typeof sandboxMail.$inferInsert, "id">): Promise<number> {
  const [inserted] = await db.insert(sandboxMail).values(row).returning({ id: sandboxMail.id });
  if (inserted && inserted.id % 100 === 0) await db.delete(sandboxMail).where(lt(sandboxMail.id, inserted.id - CAUGHT_MAIL_KEPT));
  return inserted?.id ?? 0;
}

export type CaughtMailRow = Pick<SandboxMail, "id" | "rcptTo" | "subject" | "receivedAt">;

/** Newest first, optionally only those to one address (what a person would see in their own inbox). */
export async function listCaughtMail(db: Database, to: string | undefined, limit: number, before?: number): Promise<CaughtMailRow[]> {
  return db
    .select({ id: sandboxMail.id, rcptTo: sandboxMail.rcptTo, subject: sandboxMail.subject, receivedAt: sandboxMail.receivedAt })
    .from(sandboxMail)
    .where(and(to ? sql`${to.toLowerCase()} = any(${sandboxMail.rcptTo})` : undefined, before ? lt(sandboxMail.id, before) : undefined))
    .orderBy(desc(sandboxMail.id))
    .limit(limit);
}

export const findCaughtMail = async (db: Database, id: number): Promise<SandboxMail | undefined> =>
  (await db.select().from(sandboxMail).where(eq(sandboxMail.id, id)))[0];

/** Deliveries per portal outbox id (the exactly-once checks count these). */
export async function countCaughtByOutboxId(db: Database, outboxId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sandboxMail).where(eq(sandboxMail.outboxId, outboxId));
  return Number(row?.n ?? 0);
}
