import "server-only";
import { and, eq, isNotNull } from "drizzle-orm";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { applications, type Application } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Cards issued through the portal: the applications that hold a card id.

export type IssuedCard = Pick<
  Application,
  "id" | "cardId" | "cardStatus" | "productId" | "cardholderId" | "draftCiphertext" | "erasedAt" | "answersDroppedAt" | "createdAt"
>;

const COLUMNS = {
  id: applications.id,
  cardId: applications.cardId,
  cardStatus: applications.cardStatus,
  productId: applications.productId,
  cardholderId: applications.cardholderId,
  draftCiphertext: applications.draftCiphertext,
  erasedAt: applications.erasedAt,
  answersDroppedAt: applications.answersDroppedAt,
  createdAt: applications.createdAt,
};

/** Newest application first, keyset on (created_at, id). */
export async function listIssuedCards(db: Database, after: KeysetCursor | undefined, limit: number) {
  const rows: IssuedCard[] = await db
    .select(COLUMNS)
    .from(applications)
    .where(and(isNotNull(applications.cardId), afterCursor(after, applications.createdAt, applications.id)))
    .orderBy(...keysetOrder(applications.createdAt, applications.id))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The application that holds this card, if the portal issued it. */
export async function findIssuedCard(db: Database, cardId: string): Promise<IssuedCard | undefined> {
  const [row] = await db.select(COLUMNS).from(applications).where(eq(applications.cardId, cardId)).limit(1);
  return row;
}
