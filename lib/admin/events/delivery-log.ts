import "server-only";
import { z } from "zod";
import { getDb } from "@/lib/db";
import { findEndpoint } from "@/lib/db/event-endpoints";
import { findEvents } from "@/lib/db/event-outbox";
import { findDelivery, listAttemptsOf, listDeliveryLog, LOG_STATES, logStateOf, type LogRow, type LogState } from "@/lib/db/event-log";
import { decodeCursor, encodeCursor, type KeysetCursor } from "@/lib/db/keyset";
import { OUTBOX_TYPES, type EventAttempt, type EventDelivery, type EventEndpoint } from "@/lib/db/schema";

// /admin/events/{id}/deliveries: one endpoint's deliveries under the URL's filters, a keyset page at a time, each
// with its attempts; and the delivery just resent or tested (`sent`), whose result the page waits for.

export const DELIVERY_LOG_PAGE_SIZE = 25;
export { LOG_STATES, OUTBOX_TYPES };

export const deliveryLogParamsSchema = z.object({
  state: z.enum(LOG_STATES).optional().catch(undefined),
  type: z.enum(OUTBOX_TYPES).optional().catch(undefined),
  after: z.string().max(300).optional().catch(undefined),
  sent: z
    .string()
    .regex(/^[1-9]\d{0,15}$/)
    .optional()
    .catch(undefined),
});
export type DeliveryLogParams = z.infer<typeof deliveryLogParamsSchema>;

export type { EventAttempt };
export type LogEntry = LogRow & { logState: LogState; leased: boolean; attemptsLog: EventAttempt[] };
/** The delivery a staff member just queued: "landed" once an answer came (delivered, failing) or it was given up. */
export type Watched = { delivery: EventDelivery; type: string; logState: LogState; landed: boolean };

/** A delivery's id is a number: a cursor naming anything else starts from the top, like a malformed one. */
const cursorOf = (raw: string | undefined): KeysetCursor | undefined => {
  const c = decodeCursor(raw);
  return c && /^\d{1,16}$/.test(c.id) ? c : undefined;
};

export async function deliveryLogOverview(
  endpointId: string,
  p: DeliveryLogParams,
  now = new Date(),
): Promise<{ endpoint: EventEndpoint; rows: LogEntry[]; next?: string; watched?: Watched } | undefined> {
  const db = await getDb();
  const endpoint = await findEndpoint(db, endpointId);
  if (!endpoint) return undefined;
  const [page, sent] = await Promise.all([
    listDeliveryLog(db, endpoint.id, { state: p.state, type: p.type }, cursorOf(p.after), DELIVERY_LOG_PAGE_SIZE),
    p.sent ? findDelivery(db, Number(p.sent)) : undefined,
  ]);
  const attempts = await listAttemptsOf(
    db,
    page.rows.map((r) => r.id),
  );
  const rows = page.rows.map((r) => ({
    ...r,
    logState: logStateOf(r),
    leased: r.state === "pending" && r.leaseUntil !== null && r.leaseUntil > now,
    attemptsLog: attempts.get(r.id) ?? [],
  }));
  const [event] = sent && sent.endpointId === endpoint.id ? await findEvents(db, [sent.eventId]) : [];
  const last = page.rows.at(-1);
  const watched =
    sent && sent.endpointId === endpoint.id
      ? { delivery: sent, type: event?.type ?? "", logState: logStateOf(sent), landed: logStateOf(sent) !== "pending" }
      : undefined;
  return { endpoint, rows, next: page.more && last ? encodeCursor({ at: last.createdAt, id: String(last.id) }) : undefined, watched };
}
