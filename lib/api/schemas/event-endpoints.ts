import { z } from "zod";
import { EVENT_TYPES } from "@/lib/db/schema/events";

// The admins' event-endpoint routes (docs/events.md), declared once: the routes validate and answer by these, the
// OpenAPI document describes them (lib/openapi/event-paths.ts).

const instant = z.iso.datetime();

export const newEndpointBody = z.object({
  url: z.string({ message: "events.endpoint.url.invalid" }).max(2048, "events.endpoint.url.invalid"),
  /** Omitted or null: every event type, those added later included. */
  eventTypes: z
    .array(z.enum(EVENT_TYPES, { message: "events.endpoint.types" }))
    .min(1, "events.endpoint.types")
    .nullish(),
  description: z.string().max(200, "events.endpoint.description").nullish(),
});

export const publicEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.enum(EVENT_TYPES)).nullable(),
  enabled: z.boolean(),
  disabledAt: instant.nullable(),
  disabledReason: z.string().nullable(),
  consecutiveFailures: z.int(),
  failingSince: instant.nullable(),
  previousSecretExpiresAt: instant.nullable(),
  createdAt: instant,
  updatedAt: instant,
});

export const endpointParams = z.object({ id: z.string().regex(/^ep_[\w-]{1,64}$/) });

export const endpointAnswers = {
  /** The secret is answered this once; only its sealed form is kept. */
  created: z.object({ endpoint: publicEndpoint, secret: z.string().startsWith("whsec_") }),
};
