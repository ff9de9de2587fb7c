import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, or, sql, type SQL } from "drizzle-orm";
import { keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import { newEventId } from "@/lib/db/event-outbox";
import {
  eventAttempts,
  eventDeliveries,
  eventEndpoints,
  eventOutbox,
  TEST_EVENT_TYPE,
  type EventAttempt,
  type EventDelivery,
  type OutboxType,
} from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The staff pages' reading of the outbound events (docs/events.md, "Delivery log"): an endpoint's deliveries
// keyset-paged under filters, an application's events with their deliveries, and the test event's write.

/** The log's states: `pending` is split in two, waiting for its first answer or failing and retrying. */
export const LOG_STATES = ["pending", "failing", "delivered", "abandoned"] as const;
export type LogState = (typeof LOG_STATES)[number];
export type LogFilter = { state?: LogState; type?: OutboxType };
export type LogRow = EventDelivery & { type: OutboxType };

const failed = or(isNotNull(eventDeliveries.lastStatus), isNotNull(eventDeliveries.lastError));
/** A resend clears the last outcome (requeueDelivery), so "failing" is a pending row whose last attempt failed. */
function stateWhere(state: LogState | undefined): SQL | undefined {
  if (!state) return undefined;
  if (state === "delivered" || state === "abandoned") return eq(eventDeliveries.state, state);
  const pending = eq(eventDeliveries.state, "pending");
  return state === "failing" ? and(pending, failed) : and(pending, isNull(eventDeliveries.lastStatus), isNull(eventDeliveries.lastError));
}

/** A delivery's state as the log names it. */
export const logStateOf = (d: Pick<EventDelivery, "state" | "lastStatus" | "lastError">): LogState =>
  d.state !== "pending" ? d.state : d.lastStatus !== null || d.lastError !== null ? "failing" : "pending";

/**
 * Rows after the cursor as one row comparison: PostgreSQL bounds the index scan with it, where afterCursor's OR of
 * two comparisons is a filter, read from the newest row down (35 ms for a page 90 % deep at 100,000: bench/README.md).
 */
const afterRow = (c: KeysetCursor | undefined): SQL | undefined =>
  c ? sql`(${eventDeliveries.createdAt}, ${eventDeliveries.id}) < (${c.at.toISOString()}::timestamptz, ${c.id}::bigint)` : undefined;

/** The query of listDeliveryLog, unawaited: bench/event-log-run.ts explains its SQL. */
export const deliveryLogQuery = (db: Database, endpointId: string, filter: LogFilter, after: KeysetCursor | undefined, limit: number) =>
  db
    .select({ delivery: eventDeliveries, type: eventOutbox.type })
    .from(eventDeliveries)
    .innerJoin(eventOutbox, eq(eventOutbox.id, eventDeliveries.eventId))
    .where(
      and(
        eq(eventDeliveries.endpointId, endpointId),
        stateWhere(filter.state),
        filter.type ? eq(eventOutbox.type, filter.type) : undefined,
        afterRow(after),
      ),
    )
    .orderBy(...keysetOrder(eventDeliveries.createdAt, eventDeliveries.id))
    .limit(limit);

/** One endpoint's deliveries, newest first, keyset-paged on (created_at, id); `more` when a next page exists. */
export async function listDeliveryLog(
  db: Database,
  endpointId: string,
  filter: LogFilter,
  after: KeysetCursor | undefined,
  limit: number,
): Promise<{ rows: LogRow[]; more: boolean }> {
  const found = await deliveryLogQuery(db, endpointId, filter, after, limit + 1);
  const rows = found.slice(0, limit).map((r) => ({ ...r.delivery, type: r.type }));
  return { rows, more: found.length > limit };
}

/** The attempts of a page of deliveries, oldest first within each (one query for the page). */
export async function listAttemptsOf(db: Database, deliveryIds: number[]): Promise<Map<number, EventAttempt[]>> {
  const byDelivery = new Map<number, EventAttempt[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(eventAttempts)
    .where(inArray(eventAttempts.deliveryId, deliveryIds))
    .orderBy(asc(eventAttempts.deliveryId), asc(eventAttempts.id));
  for (const a of rows) byDelivery.set(a.deliveryId, [...(byDelivery.get(a.deliveryId) ?? []), a]);
  return byDelivery;
}

export const findDelivery = async (db: Database, id: number): Promise<EventDelivery | undefined> =>
  (await db.select().from(eventDeliveries).where(eq(eventDeliveries.id, id)).limit(1))[0];

/** The most rows the application page lists (an application with many card transactions has many events). */
export const APPLICATION_LOG_LIMIT = 200;

export type ApplicationLogRow = {
  eventId: string;
  type: OutboxType;
  at: Date;
  delivery: Pick<EventDelivery, "id" | "state" | "attempts" | "lastStatus" | "lastError" | "nextAttemptAt" | "leaseUntil"> | null;
  endpoint: { id: string; url: string } | null;
};

/**
 * An application's events in order, each with its delivery to every endpoint (none: no endpoint took its type).
 * One query, for the staff application page.
 */
export const applicationEventLogQuery = (db: Database, applicationId: string) =>
  db
    .select({
      eventId: eventOutbox.id,
      type: eventOutbox.type,
      at: eventOutbox.createdAt,
      deliveryId: eventDeliveries.id,
      state: eventDeliveries.state,
      attempts: eventDeliveries.attempts,
      lastStatus: eventDeliveries.lastStatus,
      lastError: eventDeliveries.lastError,
      nextAttemptAt: eventDeliveries.nextAttemptAt,
      leaseUntil: eventDeliveries.leaseUntil,
      endpointId: eventEndpoints.id,
      url: eventEndpoints.url,
    })
    .from(eventOutbox)
    .leftJoin(eventDeliveries, eq(eventDeliveries.eventId, eventOutbox.id))
    .leftJoin(eventEndpoints, eq(eventEndpoints.id, eventDeliveries.endpointId))
    .where(eq(eventOutbox.applicationId, applicationId))
    .orderBy(asc(eventOutbox.seq), asc(eventDeliveries.id))
    .limit(APPLICATION_LOG_LIMIT);

export async function listApplicationEventLog(db: Database, applicationId: string): Promise<ApplicationLogRow[]> {
  const rows = await applicationEventLogQuery(db, applicationId);
  return rows.map((r) => ({
    eventId: r.eventId,
    type: r.type,
    at: r.at,
    delivery:
      r.deliveryId !== null && r.state !== null && r.attempts !== null && r.nextAttemptAt !== null
        ? {
            id: r.deliveryId,
            state: r.state,
            attempts: r.attempts,
            lastStatus: r.lastStatus,
            lastError: r.lastError,
            nextAttemptAt: r.nextAttemptAt,
            leaseUntil: r.leaseUntil,
          }
        : null,
    endpoint: r.endpointId !== null && r.url !== null ? { id: r.endpointId, url: r.url } : null,
  }));
}

/**
 * A test event for one endpoint: written to the outbox with a delivery to that endpoint only (whatever types it
 * takes), so the runner sends it signed like any other and the log shows it. No application: it waits for nothing.
 */
export async function recordTestEvent(db: Database, endpointId: string, now: Date): Promise<EventDelivery> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .insert(eventOutbox)
      .values({
        id: newEventId(),
        type: TEST_EVENT_TYPE,
        applicationId: null,
        data: { endpoint_id: endpointId, test: true, occurred_at: now.toISOString() },
        createdAt: now,
      })
      .returning();
    if (!event) throw new Error("insert returned nothing");
    const [delivery] = await tx
      .insert(eventDeliveries)
      .values({ eventId: event.id, endpointId, applicationId: null, seq: event.seq, nextAttemptAt: now, createdAt: now, updatedAt: now })
      .returning();
    if (!delivery) throw new Error("insert returned nothing");
    return delivery;
  });
}
