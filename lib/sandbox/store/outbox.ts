import "server-only";
import { and, asc, desc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Database } from "@/lib/db/types";
import { sandboxWebhookAttempts, sandboxWebhookOutbox, type SandboxOutboxRow } from "@/lib/sandbox/schema";

export type SandboxWebhookAttempt = typeof sandboxWebhookAttempts.$inferSelect;
export type NewSandboxWebhookAttempt = Omit<typeof sandboxWebhookAttempts.$inferInsert, "id">;
/** An outbox row with its attempts, oldest attempt first. */
export type SandboxDelivery = SandboxOutboxRow & { attemptLog: SandboxWebhookAttempt[] };

const outbox = sandboxWebhookOutbox;

/** Writes an event to the durable outbox; call inside the transaction of the change it reports. */
export async function insertOutboxEvent(db: Database, row: { eventId: string; eventType: string; body: string; now: Date }) {
  await db.insert(sandboxWebhookOutbox).values({
    eventId: row.eventId,
    eventType: row.eventType,
    body: row.body,
    nextAttemptAt: row.now,
    createdAt: row.now,
  });
}

/**
 * Leases up to `limit` due pending events until now + leaseMs, in one statement. SKIP LOCKED lets
 * several dispatchers (instances) claim side by side without waiting for or double-claiming a row;
 * an expired lease (a dispatcher that died mid-delivery) makes the row claimable again.
 */
export async function claimDueEvents(db: Database, now: Date, leaseMs: number, limit: number): Promise<SandboxOutboxRow[]> {
  const due = db
    .select({ eventId: outbox.eventId })
    .from(outbox)
    .where(and(eq(outbox.state, "pending"), lte(outbox.nextAttemptAt, now), or(isNull(outbox.leaseUntil), lt(outbox.leaseUntil, now))))
    .orderBy(asc(outbox.nextAttemptAt), asc(outbox.eventId))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outbox)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs) })
    .where(inArray(outbox.eventId, due))
    .returning();
}

export async function recordAttempt(db: Database, row: NewSandboxWebhookAttempt): Promise<void> {
  await db.insert(sandboxWebhookAttempts).values(row);
}

/** Answered 2xx: counts the attempt and releases the lease. */
export async function markDelivered(db: Database, eventId: string, status: number, now: Date): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: "delivered",
      attempts: sql`${outbox.attempts} + 1`,
      lastStatus: status,
      lastError: null,
      deliveredAt: now,
      leaseUntil: null,
    })
    .where(eq(outbox.eventId, eventId));
}

/** Not answered 2xx: counts the attempt, releases the lease and either schedules the next one or gives up. */
export async function scheduleRetry(
  db: Database,
  eventId: string,
  outcome: { status: number | null; error: string | null; nextAttemptAt: Date; abandoned: boolean },
): Promise<void> {
  await db
    .update(outbox)
    .set({
      state: outcome.abandoned ? "abandoned" : "pending",
      attempts: sql`${outbox.attempts} + 1`,
      lastStatus: outcome.status,
      lastError: outcome.error,
      nextAttemptAt: outcome.nextAttemptAt,
      leaseUntil: null,
    })
    // A row some other dispatcher delivered meanwhile (after this one's lease ran out) stays delivered.
    .where(and(eq(outbox.eventId, eventId), eq(outbox.state, "pending")));
}

/** Gives back claimed rows this dispatcher did not get to, so the next pass need not wait for the lease. */
export async function releaseLeases(db: Database, eventIds: string[]): Promise<void> {
  if (eventIds.length === 0) return;
  await db
    .update(outbox)
    .set({ leaseUntil: null })
    .where(and(inArray(outbox.eventId, eventIds), eq(outbox.state, "pending")));
}

export async function findOutboxEvent(db: Database, eventId: string): Promise<SandboxOutboxRow | undefined> {
  const [row] = await db.select().from(outbox).where(eq(outbox.eventId, eventId));
  return row;
}

/** The delivery log: newest events first, each with its attempts in the order they were made. */
export async function listDeliveries(db: Database, options: { limit: number; eventType?: string }): Promise<SandboxDelivery[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(options.eventType ? eq(outbox.eventType, options.eventType) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.eventId))
    .limit(options.limit);
  if (rows.length === 0) return [];
  const attempts = await db
    .select()
    .from(sandboxWebhookAttempts)
    .where(
      inArray(
        sandboxWebhookAttempts.eventId,
        rows.map((r) => r.eventId),
      ),
    )
    .orderBy(asc(sandboxWebhookAttempts.attempt), asc(sandboxWebhookAttempts.id));
  const byEvent = new Map<string, SandboxWebhookAttempt[]>();
  for (const a of attempts) {
    const list = byEvent.get(a.eventId);
    if (list) list.push(a);
    else byEvent.set(a.eventId, [a]);
  }
  return rows.map((r) => ({ ...r, attemptLog: byEvent.get(r.eventId) ?? [] }));
}
