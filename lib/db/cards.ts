import "server-only";
import { and, desc, eq, isNotNull } from "drizzle-orm";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { applications, recordedCards, type Application, type RecordedCard } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Cards issued through the portal: the applications that hold a card id, and the further cards of their
// cardholders that reconciliation recorded (recorded_cards).

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

/** Cards recorded by a reconciliation fix for an application that already held one, newest first. */
export async function listRecordedCards(db: Database, limit: number): Promise<RecordedCard[]> {
  return db.select().from(recordedCards).orderBy(desc(recordedCards.recordedAt), recordedCards.cardId).limit(limit);
}

/** A recorded card as the card page shows it: its application's row with the card's own id and status. */
export async function findRecordedCard(db: Database, cardId: string): Promise<IssuedCard | undefined> {
  const [row] = await db
    .select({ ...COLUMNS, recordedStatus: recordedCards.status })
    .from(recordedCards)
    .innerJoin(applications, eq(applications.id, recordedCards.applicationId))
    .where(eq(recordedCards.cardId, cardId))
    .limit(1);
  if (!row) return undefined;
  const { recordedStatus, ...app } = row;
  return { ...app, cardId, cardStatus: recordedStatus };
}
