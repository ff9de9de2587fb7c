import type { ZodOpenApiPathsObject } from "zod-openapi";
import { endpointAnswers, newEndpointBody } from "@/lib/api/schemas/event-endpoints";
import { operation } from "@/lib/openapi/operation";

// The admins' routes for the merchant's event endpoints and their deliveries (docs/events.md).

const events = { tag: "Outbound events", access: "staff" } as const;

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
};
