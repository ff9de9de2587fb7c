import "server-only";
import { keyOwners, ownerKeyrings } from "@/lib/crypto/data-keys";
import { seal, type Keyring } from "@/lib/crypto/secret-box";
import type { NewInboxEvent } from "@/lib/db/webhook-inbox";
import type { Database } from "@/lib/db/types";
import { clearDataOf } from "@/lib/webhooks/clear-fields";
import type { WebhookEnvelope } from "@/lib/webhooks/envelope";

// Webhook bodies carry names, emails and where a card was used: each is sealed with the data key of the
// cardholder it is about (of the card, for an authorization that names no cardholder), looked up once per
// group-commit batch. A cardholder the portal has not mapped to an application yet gets its key all the same,
// so nothing of it is ever sealed with DATA_ENCRYPTION_KEY alone; an erasure destroys the cardholder's key too.

/** A verified event handed to the inbox writer: its body still clear, sealed with its batch. */
export type InboxSubmission = {
  row: Omit<NewInboxEvent, "body">;
  text: string;
  event: WebhookEnvelope;
  keyOwner: string | null;
  /** The process's ring (whose store holds the data keys). */
  keys: Keyring;
};

/** Owner ids go into a key table or file: an id the issuer sent that no table should hold leaves the event under the configured key. */
const usableId = (id: unknown): id is string => typeof id === "string" && id.length > 0 && id.length <= 200 && !id.includes("\u0000");

/** Whose data key seals an event: its cardholder, else for an authorization its card, else nobody's (the configured key). */
export function eventKeyOwner(event: WebhookEnvelope): string | null {
  if (usableId(event.data.cardholder_id)) return keyOwners.cardholder(event.data.cardholder_id);
  if (event.event_type === "card.transaction.authorization" && usableId(event.data.card_id)) return keyOwners.card(event.data.card_id);
  return null;
}

/**
 * The batch's rows with their bodies sealed. An event about an erased cardholder (its key destroyed) is stored
 * reduced to the fields without personal data (ids, statuses, amounts, times), sealed with the configured key.
 */
export async function sealInboxBatch(db: Database, items: InboxSubmission[]): Promise<NewInboxEvent[]> {
  const rings = new Map<string, Keyring | null>();
  for (const keys of new Set(items.map((i) => i.keys))) {
    const owners = [...new Set(items.flatMap((i) => (i.keys === keys && i.keyOwner ? [i.keyOwner] : [])))];
    if (owners.length) for (const [owner, ring] of await ownerKeyrings(keys, db, owners)) rings.set(owner, ring);
  }
  return items.map((item) => {
    const ring = item.keyOwner ? rings.get(item.keyOwner) : item.keys;
    const text = ring === null ? JSON.stringify({ ...item.event, data: clearDataOf(item.event.event_type, item.event.data) }) : item.text;
    return { ...item.row, body: seal(text, ring ?? item.keys) };
  });
}
