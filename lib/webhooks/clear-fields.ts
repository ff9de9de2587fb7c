import { CLEAR_TRANSACTION_FIELDS } from "@/lib/db/schema";

// What of an issuer event may stay clear. A card authorization's other fields are sealed with the cardholder's key
// (lib/webhooks/transaction-details.ts; the list is lib/db/schema/webhooks.ts), and lib/db strips stored rows down to these after an erasure or the log
// retention; an event about an erased cardholder is stored reduced to them (lib/webhooks/inbox-seal.ts).

/** The fields of the cardholder events the portal applies, without names, email or the identity-check link. */
export const CLEAR_CARDHOLDER_FIELDS = ["cardholder_id", "status", "kyc_status", "create_time", "update_time"] as const;

const CLEAR_BY_TYPE: Record<string, readonly string[]> = {
  "card.transaction.authorization": CLEAR_TRANSACTION_FIELDS,
  "cardholder.created": CLEAR_CARDHOLDER_FIELDS,
  "cardholder.updated": CLEAR_CARDHOLDER_FIELDS,
  "cardholder.kyc.status_changed": CLEAR_CARDHOLDER_FIELDS,
};

/** An event's `data` reduced to its clear fields (nothing of an unknown type). */
export function clearDataOf(eventType: string, data: Record<string, unknown>): Record<string, unknown> {
  const keep = CLEAR_BY_TYPE[eventType] ?? [];
  return Object.fromEntries(Object.entries(data).filter(([key]) => keep.includes(key)));
}
