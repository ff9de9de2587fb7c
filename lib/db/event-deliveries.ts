import "server-only";
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import { eventAttempts, eventDeliveries, eventEndpoints, type DeliveryState, type EventDelivery } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The deliveries of outbound events (lib/events/runner.ts): claim with a lease, record an attempt, retry or
// abandon, and what the staff pages list.

/**
 * Takes up to `limit` due deliveries for `leaseMs` (SKIP LOCKED: two runners never take one row). Only the first
 * undelivered event of an application for an endpoint is due: n + 1 waits until n is delivered or abandoned, and
 * a claimed n (pending, leased) holds it back too. A disabled endpoint's deliveries wait.
 */
export async function claimDueDeliveries(db: Database, now: Date, leaseMs: number, limit: number): Promise<EventDelivery[]> {
  const at = now.toISOString();
  const until = new Date(now.getTime() + leaseMs).toISOString();
  const result = await db.execute(sql`
    update event_deliveries set lease_until = ${until}::timestamptz, attempts = attempts + 1, updated_at = ${at}::timestamptz
    where id in (
      select d.id from event_deliveries d
      where d.state = 'pending' and d.next_attempt_at <= ${at}::timestamptz
        and (d.lease_until is null or d.lease_until < ${at}::timestamptz)
        and exists (select 1 from event_endpoints e where e.id = d.endpoint_id and e.enabled)
        and not exists (
          select 1 from event_deliveries p
          where p.endpoint_id = d.endpoint_id and p.application_id = d.application_id and p.seq < d.seq and p.state = 'pending')
      order by d.next_attempt_at, d.seq
      limit ${limit}
      for update skip locked)
    returning id`);
  const ids = rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db.select().from(eventDeliveries).where(inArray(eventDeliveries.id, ids)).orderBy(asc(eventDeliveries.seq));
}

/** What one attempt met: the status (none: no answer), the time it took, the start of the answer, the error. */
export type AttemptResult = { status: number | null; latencyMs: number; excerpt: string | null; error: string | null; startedAt: Date };

const attemptRow = (d: Pick<EventDelivery, "id" | "attempts">, r: AttemptResult) => ({
  deliveryId: d.id,
  attempt: d.attempts,
  startedAt: r.startedAt,
  status: r.status,
  latencyMs: r.latencyMs,
  responseExcerpt: r.excerpt,
  error: r.error,
});
const lastColumns = (r: AttemptResult) => ({
  lastStatus: r.status,
  lastLatencyMs: r.latencyMs,
  lastResponse: r.excerpt,
  lastError: r.error,
});
/** Only while this attempt's claim holds: a runner whose lease ran out and was taken over writes nothing. */
const stillClaimed = (d: Pick<EventDelivery, "id" | "attempts">) =>
  and(eq(eventDeliveries.id, d.id), eq(eventDeliveries.state, "pending"), eq(eventDeliveries.attempts, d.attempts));

/** A 2xx: delivered, logged, and the endpoint's run of failures ends. False when the claim was lost meanwhile. */
export async function markDelivered(db: Database, d: EventDelivery, r: AttemptResult, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(eventDeliveries)
      .set({ state: "delivered", deliveredAt: now, leaseUntil: null, updatedAt: now, ...lastColumns(r) })
      .where(stillClaimed(d))
      .returning({ id: eventDeliveries.id });
    if (rows.length === 0) return false;
    await tx.insert(eventAttempts).values(attemptRow(d, r));
    await tx
      .update(eventEndpoints)
      .set({ consecutiveFailures: 0, failingSince: null })
      .where(and(eq(eventEndpoints.id, d.endpointId), sql`${eventEndpoints.consecutiveFailures} > 0`));
    return true;
  });
}

export type DisableRule = { afterFailures: number; afterMs: number };

/**
 * A failed attempt: pending again at `retryAt`, or abandoned (`retryAt` undefined). The endpoint's run of failures
 * grows; once it is `rule.afterFailures` long and began `rule.afterMs` ago the endpoint is disabled. Answers
 * whether this attempt disabled it (the caller tells staff), undefined when the claim was lost meanwhile.
 */
export async function markAttemptFailed(
  db: Database,
  d: EventDelivery,
  r: AttemptResult,
  retryAt: Date | undefined,
  rule: DisableRule,
  now: Date,
): Promise<{ disabled: boolean } | undefined> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(eventDeliveries)
      .set({ state: retryAt ? "pending" : "abandoned", nextAttemptAt: retryAt ?? now, leaseUntil: null, updatedAt: now, ...lastColumns(r) })
      .where(stillClaimed(d))
      .returning({ id: eventDeliveries.id });
    if (rows.length === 0) return undefined;
    await tx.insert(eventAttempts).values(attemptRow(d, r));
    const at = now.toISOString();
    const since = new Date(now.getTime() - rule.afterMs).toISOString();
    const result = await tx.execute(sql`
      update event_endpoints set
        consecutive_failures = consecutive_failures + 1,
        failing_since = coalesce(failing_since, ${at}::timestamptz),
        enabled = case when enabled and consecutive_failures + 1 >= ${rule.afterFailures}
          and coalesce(failing_since, ${at}::timestamptz) <= ${since}::timestamptz then false else enabled end,
        disabled_at = case when enabled and consecutive_failures + 1 >= ${rule.afterFailures}
          and coalesce(failing_since, ${at}::timestamptz) <= ${since}::timestamptz then ${at}::timestamptz else disabled_at end,
        disabled_reason = case when enabled and consecutive_failures + 1 >= ${rule.afterFailures}
          and coalesce(failing_since, ${at}::timestamptz) <= ${since}::timestamptz then 'failures' else disabled_reason end,
        updated_at = ${at}::timestamptz
      where id = ${d.endpointId}
      returning enabled, disabled_at = ${at}::timestamptz as disabled_now`);
    const [endpoint] = rowsOf<{ enabled: boolean; disabled_now: boolean }>(result);
    return { disabled: Boolean(endpoint && !endpoint.enabled && endpoint.disabled_now) };
  });
}

/**
 * A delivery back in the queue (staff "Resend"), delivered, abandoned or failing: tried at once under the same
 * event id, attempts counted from zero, the last outcome cleared (event_attempts keeps it). Undefined when it is
 * unknown or a runner holds it right now (its lease runs): the caller tells the two apart.
 */
export async function requeueDelivery(db: Database, id: number, now: Date): Promise<EventDelivery | undefined> {
  const [row] = await db
    .update(eventDeliveries)
    .set({
      state: "pending",
      attempts: 0,
      nextAttemptAt: now,
      leaseUntil: null,
      deliveredAt: null,
      lastStatus: null,
      lastLatencyMs: null,
      lastResponse: null,
      lastError: null,
      updatedAt: now,
    })
    .where(and(eq(eventDeliveries.id, id), or(isNull(eventDeliveries.leaseUntil), lt(eventDeliveries.leaseUntil, now))))
    .returning();
  return row;
}

/** An event's deliveries, or an endpoint's newest first (the staff pages). */
export const listEventDeliveries = (db: Database, eventId: string) =>
  db.select().from(eventDeliveries).where(eq(eventDeliveries.eventId, eventId)).orderBy(asc(eventDeliveries.id));

export const listEndpointDeliveries = (db: Database, endpointId: string, state: DeliveryState | undefined, limit: number) =>
  db
    .select()
    .from(eventDeliveries)
    .where(and(eq(eventDeliveries.endpointId, endpointId), state ? eq(eventDeliveries.state, state) : undefined))
    .orderBy(desc(eventDeliveries.id))
    .limit(limit);

/** One delivery's attempts, oldest first. */
export const listDeliveryAttempts = (db: Database, deliveryId: number) =>
  db.select().from(eventAttempts).where(eq(eventAttempts.deliveryId, deliveryId)).orderBy(asc(eventAttempts.id));

/** How many deliveries are in each state, of one endpoint (optional). */
export async function countDeliveries(db: Database, endpointId?: string): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .select({ state: eventDeliveries.state, n: count() })
    .from(eventDeliveries)
    .where(endpointId ? eq(eventDeliveries.endpointId, endpointId) : undefined)
    .groupBy(eventDeliveries.state);
  const counts: Record<DeliveryState, number> = { pending: 0, delivered: 0, abandoned: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}
