import "server-only";
import { cardTransactions } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** One row per transaction id: a redelivered authorization changes nothing (answers false). */
export async function insertCardTransaction(db: Database, row: typeof cardTransactions.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(cardTransactions)
    .values(row)
    .onConflictDoNothing({ target: cardTransactions.transactionId })
    .returning({ id: cardTransactions.transactionId });
  return inserted.length > 0;
}
