import { z } from "zod";
import { DELIVERY_STATES } from "@/lib/db/schema/events";

// The admins' delivery routes (docs/events.md, "Delivery log"): resend one delivery, send an endpoint a test event.
// The routes validate and answer by these; the OpenAPI document describes them (lib/openapi/event-delivery-paths.ts).

const instant = z.iso.datetime();

/** A delivery's id: a positive integer in the path (anything else is 404 like an unknown one). */
export const deliveryParams = z.object({ id: z.string().regex(/^[1-9]\d{0,15}$/) });

export const publicDelivery = z.object({
  id: z.int(),
  /** The event's id: the `webhook-id` header of every post of it, a resend's included. */
  eventId: z.string().startsWith("evt_"),
  endpointId: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.int(),
  nextAttemptAt: instant,
  lastStatus: z.int().nullable(),
  createdAt: instant,
});

export const deliveryAnswers = {
  /** Queued to be sent now (202): the runner posts it within about a second. */
  queued: z.object({ delivery: publicDelivery }),
};
