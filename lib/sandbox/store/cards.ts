import "server-only";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxCards, type SandboxCard } from "@/lib/sandbox/schema";

type CardStatus = SandboxCard["status"];

export async function insertCard(db: Database, row: typeof sandboxCards.$inferInsert): Promise<void> {
  await db.insert(sandboxCards).values(row);
}

export async function findCard(db: Database, id: string, lock = false): Promise<SandboxCard | undefined> {
  const query = db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function listCardsOf(db: Database, cardholderId: string): Promise<SandboxCard[]> {
  return db.select().from(sandboxCards).where(eq(sandboxCards.cardholderId, cardholderId)).orderBy(sandboxCards.createdAt);
}

/** Cards that count against max_cards_per_cardholder (failed ones do not). */
export async function countLiveCards(db: Database, cardholderId: string, productId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(sandboxCards)
    .where(and(eq(sandboxCards.cardholderId, cardholderId), eq(sandboxCards.productId, productId), ne(sandboxCards.status, "FAILED")));
  return row?.n ?? 0;
}

export async function moveCardsOf(db: Database, cardholderId: string, from: CardStatus, to: CardStatus, now: Date): Promise<number> {
  const rows = await db
    .update(sandboxCards)
    .set({ status: to, updatedAt: now })
    .where(and(eq(sandboxCards.cardholderId, cardholderId), eq(sandboxCards.status, from)))
    .returning({ id: sandboxCards.id });
  return rows.length;
}

export async function setCardBalance(db: Database, id: string, balance: string, now: Date): Promise<void> {
  await db.update(sandboxCards).set({ availableBalance: balance, updatedAt: now }).where(eq(sandboxCards.id, id));
}

/** Money moved from the issuing account onto cards, per currency (failed cards give it back). */
export async function totalsLoadedOnCards(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ currency: sandboxCards.currency, total: sql<string>`coalesce(sum(${sandboxCards.rechargeAmount}), 0)::text` })
    .from(sandboxCards)
    .where(ne(sandboxCards.status, "FAILED"))
    .groupBy(sandboxCards.currency);
  return new Map(rows.map((r) => [r.currency, Number(r.total)]));
}

/** Removes one card (the test helper that makes the issuer lose one); false when unknown. */
export async function deleteCard(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(sandboxCards).where(eq(sandboxCards.id, id)).returning({ id: sandboxCards.id });
  return rows.length > 0;
}
