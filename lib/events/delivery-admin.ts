import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { requeueDelivery } from "@/lib/db/event-deliveries";
import { findEndpoint } from "@/lib/db/event-endpoints";
import { findDelivery, logStateOf, recordTestEvent } from "@/lib/db/event-log";
import type { EventDelivery } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { enforce, LIMITS } from "@/lib/security/rate-limit";

// The admins' actions on deliveries (docs/events.md, "Delivery log"): resend one, send an endpoint a test event.
// Both only queue: the runner posts within about a second, signed as always, and the log shows the outcome.

type Actor = Pick<Staff, "id" | "email" | "ip">;
export type DeliveryDeps = { db: Database; now: () => Date };

export const processDeliveryDeps = async (): Promise<DeliveryDeps> => ({ db: await getDb(), now: () => new Date() });

/** What the routes answer of a delivery (no response body: the log shows it, escaped). */
export const publicDelivery = (d: EventDelivery) => ({
  id: d.id,
  eventId: d.eventId,
  endpointId: d.endpointId,
  state: d.state,
  attempts: d.attempts,
  nextAttemptAt: d.nextAttemptAt.toISOString(),
  lastStatus: d.lastStatus,
  createdAt: d.createdAt.toISOString(),
});

const notFound = () => new PortalError("NOT_FOUND", "There is no such delivery.");

/**
 * A delivery (delivered, abandoned or failing) sent again now under the same event id, so the receiver can drop
 * a repeat. 404 unknown; 409 INVALID_STATE while a runner holds it (its attempt is under way). Audited.
 */
export async function resendDelivery(deps: DeliveryDeps, staff: Actor, id: number) {
  const now = deps.now();
  await enforce(deps.db, LIMITS.eventResend, staff.id, now);
  const before = await findDelivery(deps.db, id);
  if (!before) throw notFound();
  const row = await requeueDelivery(deps.db, id, now);
  if (!row) throw new PortalError("INVALID_STATE", "This delivery is being sent right now. Look at its result in a moment.");
  const detail = { event_id: row.eventId, endpoint_id: row.endpointId, was: logStateOf(before) };
  await recordStaffAction(
    deps.db,
    staff,
    "event_delivery.resent",
    { target: String(id), applicationId: row.applicationId ?? undefined, detail },
    now,
  );
  return { delivery: publicDelivery(row) };
}

/**
 * A signed `endpoint.test` event to one endpoint, whatever types it takes; one attempt, shown in its log. 404
 * unknown; 409 INVALID_STATE when the endpoint is turned off (its deliveries wait). Audited.
 */
export async function sendTestEvent(deps: DeliveryDeps, staff: Actor, endpointId: string) {
  const now = deps.now();
  await enforce(deps.db, LIMITS.eventTest, staff.id, now);
  const endpoint = await findEndpoint(deps.db, endpointId);
  if (!endpoint) throw new PortalError("NOT_FOUND", "There is no such endpoint.");
  if (!endpoint.enabled) throw new PortalError("INVALID_STATE", "This endpoint is turned off. Turn it on before sending it a test event.");
  const row = await recordTestEvent(deps.db, endpoint.id, now);
  const detail = { event_id: row.eventId, delivery_id: row.id };
  await recordStaffAction(deps.db, staff, "event_endpoint.test_sent", { target: endpoint.id, detail }, now);
  return { delivery: publicDelivery(row) };
}
