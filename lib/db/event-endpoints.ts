import "server-only";
import { and, asc, count, eq, inArray } from "drizzle-orm";
import { eventEndpoints, type EventEndpoint, type NewEventEndpoint } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// Merchant endpoints of the outbound events (lib/events/endpoints.ts validates and seals before these write).

export async function insertEndpoint(db: Database, row: NewEventEndpoint): Promise<EventEndpoint> {
  const [created] = await db.insert(eventEndpoints).values(row).returning();
  if (!created) throw new Error("insert returned nothing");
  return created;
}

export const findEndpoint = async (db: Database, id: string): Promise<EventEndpoint | undefined> =>
  (await db.select().from(eventEndpoints).where(eq(eventEndpoints.id, id)))[0];

export async function findEndpoints(db: Database, ids: string[]): Promise<EventEndpoint[]> {
  if (ids.length === 0) return [];
  return db.select().from(eventEndpoints).where(inArray(eventEndpoints.id, ids));
}

/** Every endpoint, oldest first (the staff list; the secrets stay sealed). */
export const listEndpoints = (db: Database): Promise<EventEndpoint[]> =>
  db.select().from(eventEndpoints).orderBy(asc(eventEndpoints.createdAt), asc(eventEndpoints.id));

export type EndpointChanges = Partial<Pick<NewEventEndpoint, "url" | "description" | "eventTypes">>;

/** Its URL, description or types changed (validated before, lib/events/endpoints.ts); undefined for an unknown id. */
export async function updateEndpoint(db: Database, id: string, changes: EndpointChanges, now: Date): Promise<EventEndpoint | undefined> {
  const [row] = await db
    .update(eventEndpoints)
    .set({ ...changes, updatedAt: now })
    .where(eq(eventEndpoints.id, id))
    .returning();
  return row;
}

/** A new secret; the old one still signs until `previousExpiresAt` (the rotation's overlap). */
export async function rotateEndpointSecret(
  db: Database,
  id: string,
  secretSealed: string,
  previousSealed: string,
  previousExpiresAt: Date,
  now: Date,
): Promise<EventEndpoint | undefined> {
  const [row] = await db
    .update(eventEndpoints)
    .set({ secretSealed, previousSecretSealed: previousSealed, previousSecretExpiresAt: previousExpiresAt, updatedAt: now })
    .where(eq(eventEndpoints.id, id))
    .returning();
  return row;
}

/** Back on (staff): its waiting deliveries go out in order, the run of failures counted from zero. */
export async function enableEndpoint(db: Database, id: string, now: Date): Promise<EventEndpoint | undefined> {
  const [row] = await db
    .update(eventEndpoints)
    .set({ enabled: true, disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null, updatedAt: now })
    .where(eq(eventEndpoints.id, id))
    .returning();
  return row;
}

/** Off (staff, or `reason` "failures"): deliveries keep being written and wait for it. */
export async function disableEndpoint(db: Database, id: string, reason: string, now: Date): Promise<EventEndpoint | undefined> {
  const [row] = await db
    .update(eventEndpoints)
    .set({ enabled: false, disabledAt: now, disabledReason: reason, updatedAt: now })
    .where(and(eq(eventEndpoints.id, id), eq(eventEndpoints.enabled, true)))
    .returning();
  return row;
}

/** Endpoints the runner turned off after a run of failures (the admins' digest counts them). */
export async function countEndpointsDisabledByFailures(db: Database): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(eventEndpoints)
    .where(and(eq(eventEndpoints.enabled, false), eq(eventEndpoints.disabledReason, "failures")));
  return Number(row?.n ?? 0);
}

export async function deleteEndpoint(db: Database, id: string): Promise<boolean> {
  const rows = await db.delete(eventEndpoints).where(eq(eventEndpoints.id, id)).returning({ id: eventEndpoints.id });
  return rows.length > 0;
}
