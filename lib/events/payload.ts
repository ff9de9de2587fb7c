import { referenceOf } from "@/lib/applications/reference";
import type { OutboxEvent } from "@/lib/db/schema";

// The body of an outbound event (docs/events.md, "Payload"): the Standard Webhooks envelope `{ type, timestamp,
// data }`. Built from the stored row the same way at every attempt, so a retry carries the very same bytes.

export type EventBody = { type: OutboxEvent["type"]; timestamp: string; data: Record<string, unknown> };

export function eventBody(event: Pick<OutboxEvent, "type" | "applicationId" | "data" | "createdAt">): EventBody {
  const data: Record<string, unknown> = { ...event.data };
  // The short reference a person reads out ("K7QF-2M9X"), derived from the id: nothing more is stored for it.
  if (event.applicationId) data.reference = referenceOf(event.applicationId);
  return { type: event.type, timestamp: event.createdAt.toISOString(), data };
}

export const eventBodyText = (event: Pick<OutboxEvent, "type" | "applicationId" | "data" | "createdAt">): string =>
  JSON.stringify(eventBody(event));
