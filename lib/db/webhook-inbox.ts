import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { webhookInbox, webhookSignatureFailures, type WebhookInboxRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { rowsOf } from "@/lib/db/rows";

/**
 * Stores a verified event once, in one statement; a redelivery of a stored event_id only counts itself in
 * `duplicates` (nothing else changes) and answers false. `xmax = 0` tells a fresh row from an updated one.
 */
export async function insertInboxEvent(db: Database, row: typeof webhookInbox.$inferInsert): Promise<boolean> {
  const [result] = await db
    .insert(webhookInbox)
    .values(row)
    .onConflictDoUpdate({ target: webhookInbox.eventId, set: { duplicates: sql`${webhookInbox.duplicates} + 1` } })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return result?.inserted === true;
}

/** Counts one request refused for its signature in the hour it arrived (the body is never kept). */
export async function countSignatureFailure(db: Database, now: Date): Promise<void> {
  const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
  await db
    .insert(webhookSignatureFailures)
    .values({ hour, failures: 1 })
    .onConflictDoUpdate({ target: webhookSignatureFailures.hour, set: { failures: sql`${webhookSignatureFailures.failures} + 1` } });
}

/**
 * Claims due events for this processor (FOR UPDATE SKIP LOCKED: several instances never take the same row),
 * oldest event time first, and leases them for `leaseMs`.
 */
export async function claimInboxEvents(db: Database, now: Date, leaseMs: number, limit: number): Promise<WebhookInboxRow[]> {
  const lease = new Date(now.getTime() + leaseMs);
  const result = await db.execute(sql`
    update ${webhookInbox} set lease_until = ${lease.toISOString()}::timestamptz
    where event_id in (
      select event_id from ${webhookInbox}
      where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        and (lease_until is null or lease_until < ${now.toISOString()}::timestamptz)
      order by event_at, received_at
      limit ${limit}
      for update skip locked
    )
    returning event_id`);
  const ids = rowsOf<{ event_id: string }>(result).map((r) => r.event_id);
  if (ids.length === 0) return [];
  const rows = await db.select().from(webhookInbox).where(inArray(webhookInbox.eventId, ids));
  return rows.sort((a, b) => a.eventAt.getTime() - b.eventAt.getTime() || a.receivedAt.getTime() - b.receivedAt.getTime());
}

export async function finishInboxEvent(
  db: Database,
  eventId: string,
  state: "applied" | "ignored",
  now: Date,
  note?: string,
): Promise<void> {
  await db
    .update(webhookInbox)
    .set({ state, processedAt: now, leaseUntil: null, attempts: sql`${webhookInbox.attempts} + 1`, lastError: note ?? null })
    .where(and(eq(webhookInbox.eventId, eventId), eq(webhookInbox.state, "pending")));
}

export async function failInboxEvent(db: Database, eventId: string, error: string, nextAttemptAt: Date, poisoned: boolean): Promise<void> {
  await db
    .update(webhookInbox)
    .set({
      state: poisoned ? "poisoned" : "pending",
      nextAttemptAt,
      leaseUntil: null,
      attempts: sql`${webhookInbox.attempts} + 1`,
      lastError: error.slice(0, 1000),
    })
    .where(and(eq(webhookInbox.eventId, eventId), eq(webhookInbox.state, "pending")));
}

export async function findInboxEvent(db: Database, eventId: string): Promise<WebhookInboxRow | undefined> {
  const [row] = await db.select().from(webhookInbox).where(eq(webhookInbox.eventId, eventId));
  return row;
}
