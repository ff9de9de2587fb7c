import "server-only";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { transactionsPage } from "@/lib/admin/ops/transactions";
import { contactOf } from "@/lib/admin/queue/list";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import type { Keyring } from "@/lib/crypto/secret-box";
import { getDb } from "@/lib/db";
import { listUnknownCards, maskedNumbersOf } from "@/lib/db/card-transactions";
import { findIssuedCard, findRecordedCard, listIssuedCards, listRecordedCards, type IssuedCard } from "@/lib/db/cards";
import type { Database } from "@/lib/db/types";

// Cards issued through the portal (applications holding a card id), further cards reconciliation recorded for
// them, and cards seen only in authorizations.

export const CARD_PAGE_SIZE = 50;
const UNKNOWN_LIMIT = 100;
const RECORDED_LIMIT = 100;

export const cardParamsSchema = z.object({ after: z.string().max(300).optional().catch(undefined) });
export type CardParams = z.infer<typeof cardParamsSchema>;

export type CardRow = {
  cardId: string;
  applicationId: string;
  productId: string;
  status: string | null;
  cardholderId: string | null;
  /** Empty when the answers were erased or dropped by retention. */
  name: string;
  maskedNumber: string | null;
};

const rowOf = (c: IssuedCard, keys: Keyring, masked: Record<string, string>): CardRow => ({
  cardId: c.cardId ?? "",
  applicationId: c.id,
  productId: c.productId,
  status: c.cardStatus,
  cardholderId: c.cardholderId,
  name: c.erasedAt || c.answersDroppedAt ? "" : contactOf(c, keys).name,
  maskedNumber: (c.cardId && masked[c.cardId]) || null,
});

export async function cardsPage(p: CardParams, db?: Database, keys: Keyring = getKeyring()) {
  const database = db ?? (await getDb());
  const [page, unknown, recorded] = await Promise.all([
    listIssuedCards(database, decodeCursor(p.after), CARD_PAGE_SIZE),
    listUnknownCards(database, UNKNOWN_LIMIT),
    listRecordedCards(database, RECORDED_LIMIT),
  ]);
  const masked = await maskedNumbersOf(database, [
    ...page.rows.flatMap((r) => (r.cardId ? [r.cardId] : [])),
    ...recorded.map((r) => r.cardId),
  ]);
  const last = page.rows.at(-1);
  const ring = await readingKeyring(
    keys,
    database,
    page.rows.map((r) => r.draftCiphertext),
  );
  return {
    rows: page.rows.map((r) => rowOf(r, ring, masked)),
    next: page.more && last ? encodeCursor({ at: last.createdAt, id: last.id }) : undefined,
    unknown,
    recorded: recorded.map((r) => ({ ...r, maskedNumber: masked[r.cardId] ?? null })),
  };
}

/** One card: the application that holds it (undefined when the portal did not issue it) and a page of its authorizations. */
export async function cardDetail(cardId: string, after: string | undefined, db?: Database, keys: Keyring = getKeyring()) {
  const database = db ?? (await getDb());
  const [issued, transactions] = await Promise.all([
    findIssuedCard(database, cardId).then(async (own) => own ?? (await findRecordedCard(database, cardId))),
    transactionsPage({ card: cardId, after }, database, keys),
  ]);
  const masked = await maskedNumbersOf(database, [cardId]);
  const ring = await readingKeyring(keys, database, [issued?.draftCiphertext]);
  return { card: issued ? rowOf(issued, ring, masked) : undefined, maskedNumber: masked[cardId] ?? null, transactions };
}
