import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { eventEndpoints, eventOutbox, type Application, type ApplicationState, type EventType, type OutboxEvent } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The outbound events' outbox (docs/events.md): written in the transaction of the change it announces, with one
// delivery row per endpoint subscribed to its type (lib/db/event-deliveries.ts claims them).

export const newEventId = (): string => `evt_${randomBytes(16).toString("base64url")}`;

/** The event a move between states announces; undefined for the moves a merchant is not told about. */
export function eventTypeOfMove(from: ApplicationState | null, to: ApplicationState): EventType | undefined {
  if (from === to) return undefined;
  if (from === null) return "application.started";
  switch (to) {
    case "submitted":
      return "application.submitted";
    // A staff retry of a refused card (failed → approved) is not a second approval.
    case "approved":
      return from === "submitted" || from === "kyc_pending" ? "application.identity_check.approved" : undefined;
    case "kyc_rejected":
      return "application.identity_check.rejected";
    case "card_issued":
      return "application.card_issued";
    case "failed":
      return "application.failed";
    default:
      return undefined;
  }
}

/** An application event's data: ids, states and times only, never an answer (the reference is added when sent). */
export function applicationEventData(row: Application, previous: ApplicationState | null, now: Date): Record<string, unknown> {
  return {
    application_id: row.id,
    product_id: row.productId,
    state: row.state,
    previous_state: previous,
    merchant_reference: row.merchantReference ?? null,
    card_id: row.cardId ?? null,
    failure_code: row.state === "failed" ? (row.failureCode ?? null) : null,
    created_at: row.createdAt.toISOString(),
    submitted_at: row.submittedAt?.toISOString() ?? null,
    occurred_at: now.toISOString(),
  };
}

/**
 * Writes an event and a pending delivery for every endpoint subscribed to its type (a disabled one too: it gets
 * them in order once enabled again). Call it inside the transaction of the change.
 */
export async function recordEvent(
  db: Database,
  input: { type: EventType; applicationId: string | null; data: Record<string, unknown>; now: Date },
): Promise<OutboxEvent> {
  const [event] = await db
    .insert(eventOutbox)
    .values({ id: newEventId(), type: input.type, applicationId: input.applicationId, data: input.data, createdAt: input.now })
    .returning();
  if (!event) throw new Error("insert returned nothing");
  const at = input.now.toISOString();
  await db.execute(sql`
    insert into event_deliveries (event_id, endpoint_id, application_id, seq, next_attempt_at, created_at, updated_at)
    select ${event.id}, e.id, ${event.applicationId}, ${event.seq}, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
    from ${eventEndpoints} e
    where e.event_types is null or e.event_types @> ${JSON.stringify([input.type])}::jsonb`);
  return event;
}

/** The event an application's move announces, if any (lib/db/applications.ts calls it in the move's transaction). */
export async function recordApplicationMove(db: Database, row: Application, previous: ApplicationState | null, now: Date) {
  const type = eventTypeOfMove(previous, row.state);
  if (type) await recordEvent(db, { type, applicationId: row.id, data: applicationEventData(row, previous, now), now });
}

export async function findEvents(db: Database, ids: string[]): Promise<OutboxEvent[]> {
  if (ids.length === 0) return [];
  return db.select().from(eventOutbox).where(inArray(eventOutbox.id, ids));
}

/** An application's events, in the order they were written (its timeline, the staff pages). */
export async function listApplicationOutboundEvents(db: Database, applicationId: string): Promise<OutboxEvent[]> {
  return db.select().from(eventOutbox).where(eq(eventOutbox.applicationId, applicationId)).orderBy(asc(eventOutbox.seq));
}

/** Newest first, of one type (optional), keyset-paged on (created_at, id). */
export async function listOutboundEvents(db: Database, type: EventType | undefined, after: KeysetCursor | undefined, limit: number) {
  return db
    .select()
    .from(eventOutbox)
    .where(and(type ? eq(eventOutbox.type, type) : undefined, afterCursor(after, eventOutbox.createdAt, eventOutbox.id)))
    .orderBy(...keysetOrder(eventOutbox.createdAt, eventOutbox.id))
    .limit(limit);
}

/** Retention: events (and their deliveries and attempts) older than the cutoff. */
export async function deleteOldEvents(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(eventOutbox).where(lte(eventOutbox.createdAt, cutoff)).returning({ id: eventOutbox.id });
  return rows.length;
}

export const newestEvent = async (db: Database): Promise<OutboxEvent | undefined> =>
  (await db.select().from(eventOutbox).orderBy(desc(eventOutbox.seq)).limit(1))[0];
