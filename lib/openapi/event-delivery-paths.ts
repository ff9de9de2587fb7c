import type { ZodOpenApiPathsObject } from "zod-openapi";
import { anyObjectBody } from "@/lib/api/schemas/common";
import { deliveryAnswers, deliveryParams } from "@/lib/api/schemas/event-deliveries";
import { endpointParams } from "@/lib/api/schemas/event-endpoints";
import { operation } from "@/lib/openapi/operation";

// The admins' routes on deliveries of the outbound events (docs/events.md, "Delivery log").

const events = { tag: "Outbound events", access: "staff" } as const;

export const eventDeliveryPaths: ZodOpenApiPathsObject = {
  "/api/admin/event-deliveries/{id}/resend": {
    post: operation("post", {
      ...events,
      summary: "Send a delivery again now, under the same event id (admins)",
      description:
        "Delivered, abandoned or failing: the delivery is pending again, due now, attempts counted from zero; the " +
        "`webhook-id` is the event's, so the receiver can drop a repeat. Audited `event_delivery.resent`; 60 a minute " +
        "per staff member.",
      path: deliveryParams,
      body: anyObjectBody,
      answer: deliveryAnswers.queued,
      status: 202,
      rateLimited: true,
      errors: { 409: "INVALID_STATE: a runner is sending it right now (its lease runs); look at the result instead." },
    }),
  },
  "/api/admin/event-endpoints/{id}/test": {
    post: operation("post", {
      ...events,
      summary: "Send an endpoint a signed endpoint.test event (admins)",
      description:
        "Written to the outbox with one delivery, to this endpoint only (whatever its event types), and sent by the " +
        "runner like any event: signed, logged, shown in /admin/events/{id}/deliveries. One attempt, no retry. " +
        "Audited `event_endpoint.test_sent`; 10 a minute per staff member.",
      path: endpointParams,
      body: anyObjectBody,
      answer: deliveryAnswers.queued,
      status: 202,
      rateLimited: true,
      errors: { 409: "INVALID_STATE: the endpoint is turned off; turn it on first." },
    }),
  },
};
