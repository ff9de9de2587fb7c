import { z } from "zod";

// Postgres text cannot hold NUL: such an id would fail the whole group-commit batch it is stored in.
const NO_NUL = /^[^\u0000]*$/;

/** The spec's webhook envelope; `data` is event-specific and checked by each handler. */
export const envelopeSchema = z.object({
  account_no: z.string(),
  // Checked, not copied: a record schema would rebuild the object key by key on every delivery.
  data: z
    .custom<Record<string, unknown>>((v) => typeof v === "object" && v !== null && !Array.isArray(v), "must be an object")
    .meta({ override: { type: "object", description: "The event's own fields (docs/card-issuing-api.md)." } }),
  event_id: z.string().min(1).max(200).regex(NO_NUL),
  event_type: z.string().min(1).max(100).regex(NO_NUL),
  timestamp: z.string().refine((v) => !Number.isNaN(Date.parse(v)), "must be an ISO 8601 time"),
});

export type WebhookEnvelope = z.infer<typeof envelopeSchema>;

/** The receiver's 200: stored (or a duplicate of a stored event), and parked when dated outside the window. */
export const webhookReceipt = z.object({ ok: z.literal(true), duplicate: z.boolean(), parked: z.literal(true).optional() });

/** The cardholder an event is about, for per-cardholder ordering (transactions name it too). */
export function cardholderOf(event: WebhookEnvelope): string | null {
  const id = event.data.cardholder_id;
  return typeof id === "string" && id && NO_NUL.test(id) ? id : null;
}
