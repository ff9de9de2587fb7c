import { z } from "zod";
import { EVENT_TYPES } from "@/lib/db/schema/events";

// The admins' event-endpoint routes (docs/events.md), declared once: the routes validate and answer by these, the
// OpenAPI document describes them (lib/openapi/event-paths.ts).

const instant = z.iso.datetime();

const url = z.string({ message: "events.endpoint.url.invalid" }).max(2048, "events.endpoint.url.invalid");
const isEventType = (t: unknown) => typeof t === "string" && (EVENT_TYPES as readonly string[]).includes(t);
/**
 * Omitted or null: every event type, those added later included. Checked as a whole before the enum, so an unknown
 * type is refused as `eventTypes` (the form's checkbox group), not as `eventTypes.0`.
 */
const eventTypes = z
  .array(z.unknown(), { message: "events.endpoint.types" })
  .min(1, "events.endpoint.types")
  .refine((types) => types.every(isEventType), "events.endpoint.types")
  .pipe(z.array(z.enum(EVENT_TYPES)))
  .nullish()
  .meta({ description: `At least one of: ${EVENT_TYPES.join(", ")}. Omitted or null: every type.` });
const description = z.string({ message: "events.endpoint.description" }).max(200, "events.endpoint.description").nullish();

export const newEndpointBody = z.object({ url, eventTypes, description });

/** Only what is given changes: `eventTypes: null` is every type again, `description: null` clears it. */
export const endpointChangesBody = z.object({ url: url.optional(), eventTypes, description });

export const MAX_OVERLAP_HOURS = 168;

export const rotateBody = z.object({
  /** How long the previous secret still signs beside the new one: 0 (at once) to 168 hours (a week); 24 if omitted. */
  overlapHours: z
    .int({ message: "events.endpoint.overlap" })
    .min(0, "events.endpoint.overlap")
    .max(MAX_OVERLAP_HOURS, "events.endpoint.overlap")
    .default(24),
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

/** A pattern rather than startsWith: JSON Schema has no "starts_with" format, so the document's checkers ignored it. */
const secret = z.string().regex(/^whsec_[A-Za-z0-9+/=]+$/);

export const endpointAnswers = {
  /** The secret is answered this once; only its sealed form is kept. */
  created: z.object({ endpoint: publicEndpoint, secret }),
  /** Changed, enabled or disabled: the endpoint as it is now. */
  endpoint: z.object({ endpoint: publicEndpoint }),
  /** The new secret, answered this once; the previous one signs beside it until `previousExpiresAt`. */
  rotated: z.object({ secret, previousExpiresAt: instant }),
  deleted: z.object({ ok: z.literal(true) }),
};
