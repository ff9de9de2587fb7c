import "server-only";
import { contactOf } from "@/lib/admin/queue/list";
import { readSearchTerm, type SearchTerm } from "@/lib/admin/search/term";
import { referenceOf } from "@/lib/applications/reference";
import { emailIndexOf, nameQueryOf, phoneIndexOf } from "@/lib/crypto/blind-index";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDb } from "@/lib/db";
import { isMerchantReference } from "@/lib/merchant/reference";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { ApplicationState } from "@/lib/db/schema";
import {
  cardsByLastFour,
  cardsOf,
  eventsOfCardholder,
  searchApplications,
  searchEvent,
  type ApplicationMatch,
  type SearchApplicationRow,
  type SearchCardRow,
  type SearchEventRow,
} from "@/lib/db/staff-search";
import type { Database } from "@/lib/db/types";

// The staff header's one search box: the term read once (term.ts), the matching applications found by their
// blind indexes or ids, and from them the cardholders, cards and webhook events they lead to, grouped by kind.

export const SEARCH_LIMIT = 20;
const EVENT_LIMIT = 10;

export type FoundApplication = {
  id: string;
  reference: string;
  name: string;
  state: ApplicationState;
  productId: string;
  merchantReference: string | null;
};
export type FoundCardholder = { cardholderId: string; name: string; applicationId: string };
export type FoundCard = { cardId: string; maskedNumber: string | null; name: string; applicationId: string | null };
export type SearchResults = {
  term: SearchTerm;
  applications: FoundApplication[];
  cardholders: FoundCardholder[];
  cards: FoundCard[];
  events: SearchEventRow[];
};

function matchOf(term: SearchTerm, keys: Keyring, cards: SearchCardRow[]): ApplicationMatch | undefined {
  switch (term.kind) {
    case "application_id":
      return { by: "id", ids: [term.text] };
    case "cardholder_id":
      return { by: "cardholder", id: term.text };
    case "card_id":
      return { by: "card", ids: [term.text] };
    case "last_four":
      return { by: "card", ids: cards.map((c) => c.cardId) };
    case "event_id":
      return undefined; // its cardholder's application is looked up once the event is found
    case "email":
      return { by: "email", entry: emailIndexOf(keys, term.text) };
    case "phone":
      return { by: "phone", entries: term.nationalNumbers.map((n) => phoneIndexOf(keys, n)) };
    case "reference":
      return { by: "reference", prefix: term.prefix, eleventh: term.seventh, names: nameQueryOf(keys, term.text) };
    case "name":
      return { by: "name", entries: nameQueryOf(keys, term.text) };
    case "merchant_reference":
      return { by: "merchant_reference", reference: term.text };
  }
}

/** What the search box's text finds; undefined for an empty box. */
export async function staffSearch(db: Database, keys: Keyring, typed: string): Promise<SearchResults | undefined> {
  const read = readSearchTerm(typed);
  if (!read) return undefined;
  let term: SearchTerm = read;
  const byFour = term.kind === "last_four" ? await cardsByLastFour(db, term.text, SEARCH_LIMIT) : [];
  let events = term.kind === "event_id" ? await searchEvent(db, term.text) : [];
  const eventHolder = events[0]?.cardholderId;
  const match: ApplicationMatch | undefined = eventHolder ? { by: "cardholder", id: eventHolder } : matchOf(term, keys, byFour);
  let apps = match ? await searchApplications(db, match, SEARCH_LIMIT) : [];
  // Any text may also be a merchant's customer reference (their ids have no shape of ours): one exact, indexed look-up.
  if (isMerchantReference(term.text)) {
    const byMerchant = await searchApplications(db, { by: "merchant_reference", reference: term.text }, SEARCH_LIMIT);
    if (apps.length === 0 && byMerchant.length > 0) term = { kind: "merchant_reference", text: term.text };
    apps = [...byMerchant, ...apps.filter((r) => !byMerchant.some((m) => m.id === r.id))].slice(0, SEARCH_LIMIT);
  }
  const ring = await readingKeyring(
    keys,
    db,
    apps.map((r) => r.draftCiphertext),
  );
  const nameOf = (r: SearchApplicationRow) => (r.erasedAt || r.answersDroppedAt ? "" : contactOf(r, ring).name);
  const holders = [...new Set(apps.flatMap((r) => (r.cardholderId ? [r.cardholderId] : [])))];
  if (term.kind === "cardholder_id" && !holders.includes(term.text)) holders.push(term.text);
  const [holder] = holders;
  if (term.kind !== "event_id" && holders.length === 1 && holder) events = await eventsOfCardholder(db, holder, EVENT_LIMIT);
  const cardIds = [...new Set([...apps.flatMap((r) => (r.cardId ? [r.cardId] : [])), ...byFour.map((c) => c.cardId)])];
  if (term.kind === "card_id" && !cardIds.includes(term.text)) cardIds.push(term.text);
  const seen = new Map((await cardsOf(db, cardIds)).map((c) => [c.cardId, c]));
  const cards = cardIds
    .filter((id) => seen.has(id) || apps.some((r) => r.cardId === id))
    .map((cardId): FoundCard => {
      const app = apps.find((r) => r.cardId === cardId);
      return { cardId, maskedNumber: seen.get(cardId)?.maskedNumber ?? null, name: app ? nameOf(app) : "", applicationId: app?.id ?? null };
    });
  return {
    term,
    applications: apps.map((r) => ({
      id: r.id,
      reference: referenceOf(r.id),
      name: nameOf(r),
      state: r.state,
      productId: r.productId,
      merchantReference: r.merchantReference,
    })),
    cardholders: holders.flatMap((cardholderId) => {
      const app = apps.find((r) => r.cardholderId === cardholderId);
      return app ? [{ cardholderId, name: nameOf(app), applicationId: app.id }] : [];
    }),
    cards,
    events,
  };
}

/** The results page's search, on the portal's database with its data keys. */
export async function searchFor(typed: string): Promise<SearchResults | undefined> {
  return staffSearch(await getDb(), getKeyring(), typed);
}
