import type { ZodOpenApiPathsObject } from "zod-openapi";
import { emptyBody } from "@/lib/api/schemas/common";
import { endpointAnswers, endpointChangesBody, endpointParams, newEndpointBody, rotateBody } from "@/lib/api/schemas/event-endpoints";
import { operation } from "@/lib/openapi/operation";

// The admins' routes for the merchant's event endpoints and their deliveries (docs/events.md).

const events = { tag: "Outbound events", access: "staff" } as const;
const one = { ...events, path: endpointParams } as const;

export const eventPaths: ZodOpenApiPathsObject = {
  "/api/admin/event-endpoints": {
    post: operation("post", {
      ...events,
      summary: "A merchant endpoint for the outbound events; its whsec_ signing secret answered this once (admins)",
      description:
        "`eventTypes` omitted or null: every type. Live mode takes https URLs to public addresses only; " +
        "a refused URL is a VALIDATION_ERROR naming `url`.",
      body: newEndpointBody,
      answer: endpointAnswers.created,
      status: 201,
    }),
  },
  "/api/admin/event-endpoints/{id}": {
    patch: operation("patch", {
      ...one,
      summary: "Change an endpoint's URL, description or event types (admins)",
      description: "Only the fields given change; a new `url` passes the same rules as at creation. `eventTypes: null`: every type.",
      body: endpointChangesBody,
      answer: endpointAnswers.endpoint,
    }),
    delete: operation("delete", {
      ...one,
      summary: "Delete an endpoint with its deliveries and their log (admins)",
      answer: endpointAnswers.deleted,
    }),
  },
  "/api/admin/event-endpoints/{id}/rotate": {
    post: operation("post", {
      ...one,
      summary: "A new signing secret, answered this once; the previous one still signs until `previousExpiresAt` (admins)",
      description: "`overlapHours`: 0 to 168, 24 when omitted. During the overlap each delivery carries both signatures.",
      body: rotateBody,
      answer: endpointAnswers.rotated,
    }),
  },
  "/api/admin/event-endpoints/{id}/enable": {
    post: operation("post", {
      ...one,
      summary: "Turn an endpoint back on: the deliveries that waited go out in order (admins)",
      body: emptyBody,
      answer: endpointAnswers.endpoint,
    }),
  },
  "/api/admin/event-endpoints/{id}/disable": {
    post: operation("post", {
      ...one,
      summary: "Turn an endpoint off: its deliveries are still written and wait for it (admins)",
      body: emptyBody,
      answer: endpointAnswers.endpoint,
    }),
  },
};
