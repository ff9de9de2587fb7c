import "server-only";
import { and, asc, count, desc, eq, isNotNull, lte, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxCardholders, sandboxCards, sandboxKycLinks, type SandboxCardholder } from "@/lib/sandbox/schema";

export type NewSandboxCardholder = typeof sandboxCardholders.$inferInsert;
type Patch = Partial<Omit<NewSandboxCardholder, "id" | "createdAt">>;

export async function insertCardholder(db: Database, row: NewSandboxCardholder): Promise<void> {
  await db.insert(sandboxCardholders).values(row);
}

/** With `lock`, the row stays locked until the surrounding transaction ends (card limits, state moves). */
export async function findCardholder(db: Database, id: string, lock = false): Promise<SandboxCardholder | undefined> {
  const query = db.select().from(sandboxCardholders).where(eq(sandboxCardholders.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function updateCardholder(db: Database, id: string, patch: Patch): Promise<void> {
  await db.update(sandboxCardholders).set(patch).where(eq(sandboxCardholders.id, id));
}

export async function kycReferenceExists(db: Database, referenceId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sandboxCardholders.id })
    .from(sandboxCardholders)
    .where(eq(sandboxCardholders.kycReferenceId, referenceId));
  return Boolean(row);
}

export async function listCardholders(
  db: Database,
  options: { offset: number; limit: number; email?: string },
): Promise<{ rows: SandboxCardholder[]; total: number }> {
  const where = options.email ? sql`lower(${sandboxCardholders.fields}->>'email') = ${options.email.toLowerCase()}` : undefined;
  const rows = await db
    .select()
    .from(sandboxCardholders)
    .where(where)
    .orderBy(desc(sandboxCardholders.createdAt), asc(sandboxCardholders.id))
    .limit(options.limit)
    .offset(options.offset);
  const [total] = await db.select({ n: count() }).from(sandboxCardholders).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Ids of cardholders with a simulated KYC decision or platform approval due by `now`. */
export async function dueCardholderIds(db: Database, now: Date, limit = 50): Promise<string[]> {
  const kyc = await db
    .select({ id: sandboxCardholders.id })
    .from(sandboxCardholders)
    .where(and(isNotNull(sandboxCardholders.kycDueAt), lte(sandboxCardholders.kycDueAt, now)))
    .limit(limit);
  const approval = await db
    .select({ id: sandboxCardholders.id })
    .from(sandboxCardholders)
    .where(and(isNotNull(sandboxCardholders.approvalDueAt), lte(sandboxCardholders.approvalDueAt, now)))
    .limit(limit);
  return [...new Set([...kyc, ...approval].map((r) => r.id))];
}

/** Removes a cardholder with its cards and KYC links (the test helper that makes the issuer lose one); false when unknown. */
export async function deleteCardholder(db: Database, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(sandboxCards).where(eq(sandboxCards.cardholderId, id));
    await tx.delete(sandboxKycLinks).where(eq(sandboxKycLinks.cardholderId, id));
    const rows = await tx.delete(sandboxCardholders).where(eq(sandboxCardholders.id, id)).returning({ id: sandboxCardholders.id });
    return rows.length > 0;
  });
}
