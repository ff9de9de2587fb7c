import "server-only";
import { and, count, desc, eq, gte, lte, ne, type SQL } from "drizzle-orm";
import { type WEBHOOK_STATES, webhookInbox, webhookSignatureFailures, type WebhookInboxRow } from "@/lib/db/schema";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import type { Database } from "@/lib/db/types";

// The staff webhook inspector's reads and its one write (reprocess). Lists never read the sealed body.

export type WebhookState = (typeof WEBHOOK_STATES)[number];
export type InboxFilter = { type?: string; state?: WebhookState; cardholderId?: string; from?: Date; to?: Date };
/** Newest received first; the cursor is the last row of the previous page. */
export type InboxSummary = Omit<WebhookInboxRow, "body" | "headers" | "leaseUntil" | "nextAttemptAt">;

function where(f: InboxFilter, after?: KeysetCursor): SQL | undefined {
  return and(
    f.type ? eq(webhookInbox.eventType, f.type) : undefined,
    f.state ? eq(webhookInbox.state, f.state) : undefined,
    f.cardholderId ? eq(webhookInbox.cardholderId, f.cardholderId) : undefined,
    f.from ? gte(webhookInbox.receivedAt, f.from) : undefined,
    f.to ? lte(webhookInbox.receivedAt, f.to) : undefined,
    afterCursor(after, webhookInbox.receivedAt, webhookInbox.eventId),
  );
}

/** One page (and whether there is more) of the inbox under a filter. */
export async function listInbox(db: Database, filter: InboxFilter, after: KeysetCursor | undefined, limit: number) {
  const rows: InboxSummary[] = await db
    .select({
      eventId: webhookInbox.eventId,
      eventType: webhookInbox.eventType,
      eventAt: webhookInbox.eventAt,
      cardholderId: webhookInbox.cardholderId,
      state: webhookInbox.state,
      attempts: webhookInbox.attempts,
      lastError: webhookInbox.lastError,
      receivedAt: webhookInbox.receivedAt,
      processedAt: webhookInbox.processedAt,
      duplicates: webhookInbox.duplicates,
    })
    .from(webhookInbox)
    .where(where(filter, after))
    .orderBy(...keysetOrder(webhookInbox.receivedAt, webhookInbox.eventId))
    .limit(limit + 1);
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The event types received so far (the type filter's options). */
export async function inboxEventTypes(db: Database): Promise<string[]> {
  const rows = await db.selectDistinct({ type: webhookInbox.eventType }).from(webhookInbox).orderBy(webhookInbox.eventType);
  return rows.map((r) => r.type);
}

/** Signature failures per hour since `since`, newest hour first. */
export async function listSignatureFailures(db: Database, since: Date): Promise<Array<{ hour: Date; failures: number }>> {
  return db
    .select()
    .from(webhookSignatureFailures)
    .where(gte(webhookSignatureFailures.hour, since))
    .orderBy(desc(webhookSignatureFailures.hour));
}

/**
 * Puts a poisoned or parked event back in the processor's queue (state pending, due now). Its attempts are kept:
 * a reprocessed event that fails again is poisoned after that one try. An event whose body retention removed is
 * never requeued (there is nothing left to apply). Answers whether this call moved it.
 */
export async function requeueInboxEvent(db: Database, eventId: string, from: "poisoned" | "parked", now: Date): Promise<boolean> {
  const rows = await db
    .update(webhookInbox)
    // The old error goes: the page then shows the new state, and a new failure its own error.
    .set({ state: "pending", nextAttemptAt: now, leaseUntil: null, lastError: null })
    .where(and(eq(webhookInbox.eventId, eventId), eq(webhookInbox.state, from), ne(webhookInbox.body, "")))
    .returning({ eventId: webhookInbox.eventId });
  return rows.length > 0;
}

/** The newest events the processor gave up on, at most `limit` (the dashboard opens the one directly when it is alone). */
export async function newestPoisonedEvents(db: Database, limit: number): Promise<string[]> {
  const rows = await db
    .select({ eventId: webhookInbox.eventId })
    .from(webhookInbox)
    .where(eq(webhookInbox.state, "poisoned"))
    .orderBy(desc(webhookInbox.receivedAt), desc(webhookInbox.eventId))
    .limit(limit);
  return rows.map((r) => r.eventId);
}

/** Events the processor gave up on (the admins' daily email counts them). */
export async function countPoisonedEvents(db: Database): Promise<number> {
  const [row] = await db.select({ n: count() }).from(webhookInbox).where(eq(webhookInbox.state, "poisoned"));
  return Number(row?.n ?? 0);
}
