import "server-only";
import { desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { applications, cardTransactions, webhookInbox, type WEBHOOK_STATES } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The staff header's search (lib/admin/search): each kind of term answered by one index, B-tree or the names' GIN,
// newest first and capped, so it stays fast at a million applications. Sealed answers are matched by blind index only.

export type ApplicationMatch =
  | { by: "id"; ids: string[] }
  | { by: "cardholder"; id: string }
  | { by: "card"; ids: string[] }
  | { by: "email"; entry: string }
  | { by: "phone"; entries: string[] }
  | { by: "name"; entries: string[] }
  /** The merchant's own customer reference, exactly (applications_merchant_reference_idx). */
  | { by: "merchant_reference"; reference: string }
  /** A short reference: the id's first ten characters and the four the eleventh may be; or the words of a name. */
  | { by: "reference"; prefix: string; eleventh: string[]; names: string[] };

const a = applications;
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const names = (entries: string[]) => sql`${a.nameIndex} @> ARRAY[${list(entries)}]::text[]`;

function matchSql(m: ApplicationMatch): SQL {
  switch (m.by) {
    case "id":
      return inArray(a.id, m.ids);
    case "cardholder":
      return eq(a.cardholderId, m.id);
    case "card":
      return inArray(a.cardId, m.ids);
    case "email":
      return eq(a.emailIndex, m.entry);
    case "phone":
      return inArray(a.phoneIndex, m.entries);
    case "name":
      return names(m.entries);
    case "merchant_reference":
      return eq(a.merchantReference, m.reference);
    case "reference": {
      // `left(id, 10)` exactly as applications_reference_idx is built, so the index answers it.
      const byId = sql`(left(${a.id}, 10) = ${m.prefix} and substr(${a.id}, 11, 1) in (${list(m.eleventh)}))`;
      return m.names.length > 0 ? sql`(${byId} or ${names(m.names)})` : byId;
    }
  }
}

export type SearchApplicationRow = Pick<
  typeof a.$inferSelect,
  | "id"
  | "productId"
  | "state"
  | "cardholderId"
  | "cardId"
  | "draftCiphertext"
  | "erasedAt"
  | "answersDroppedAt"
  | "createdAt"
  | "merchantReference"
>;

/** The newest `limit` applications the term matches (an empty list of entries matches nothing). */
export async function searchApplications(db: Database, m: ApplicationMatch, limit: number): Promise<SearchApplicationRow[]> {
  const values = m.by === "id" || m.by === "card" ? m.ids : m.by === "phone" || m.by === "name" ? m.entries : undefined;
  if (values?.length === 0) return [];
  return db
    .select({
      id: a.id,
      productId: a.productId,
      state: a.state,
      cardholderId: a.cardholderId,
      cardId: a.cardId,
      draftCiphertext: a.draftCiphertext,
      erasedAt: a.erasedAt,
      answersDroppedAt: a.answersDroppedAt,
      createdAt: a.createdAt,
      merchantReference: a.merchantReference,
    })
    .from(a)
    .where(matchSql(m))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit);
}

export type SearchCardRow = { cardId: string; cardholderId: string | null; maskedNumber: string | null };

const cardColumns = () => ({
  cardId: cardTransactions.cardId,
  cardholderId: sql<string | null>`max(${cardTransactions.cardholderId})`,
  maskedNumber: sql<string | null>`max(${cardTransactions.maskedCardNumber})`,
});

/** Cards whose authorizations carried a masked number ending in these four digits (the portal stores no other). */
export async function cardsByLastFour(db: Database, four: string, limit: number): Promise<SearchCardRow[]> {
  return db
    .select(cardColumns())
    .from(cardTransactions)
    .where(sql`right(${cardTransactions.maskedCardNumber}, 4) = ${four}`)
    .groupBy(cardTransactions.cardId)
    .orderBy(cardTransactions.cardId)
    .limit(limit);
}

/** The cardholder and masked number the authorizations of these cards carried. */
export async function cardsOf(db: Database, cardIds: string[]): Promise<SearchCardRow[]> {
  if (cardIds.length === 0) return [];
  return db.select(cardColumns()).from(cardTransactions).where(inArray(cardTransactions.cardId, cardIds)).groupBy(cardTransactions.cardId);
}

export type SearchEventRow = {
  eventId: string;
  eventType: string;
  state: (typeof WEBHOOK_STATES)[number];
  cardholderId: string | null;
  receivedAt: Date;
};

const EVENT_COLUMNS = {
  eventId: webhookInbox.eventId,
  eventType: webhookInbox.eventType,
  state: webhookInbox.state,
  cardholderId: webhookInbox.cardholderId,
  receivedAt: webhookInbox.receivedAt,
};

/** One webhook event by its id. */
export async function searchEvent(db: Database, eventId: string): Promise<SearchEventRow[]> {
  return db.select(EVENT_COLUMNS).from(webhookInbox).where(eq(webhookInbox.eventId, eventId)).limit(1);
}

/** The newest events of a cardholder (webhook_inbox_cardholder_idx). */
export async function eventsOfCardholder(db: Database, cardholderId: string, limit: number): Promise<SearchEventRow[]> {
  return db
    .select(EVENT_COLUMNS)
    .from(webhookInbox)
    .where(eq(webhookInbox.cardholderId, cardholderId))
    .orderBy(desc(webhookInbox.eventAt))
    .limit(limit);
}
