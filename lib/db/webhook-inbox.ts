import "server-only";
import { and, eq, getTableName, inArray, sql } from "drizzle-orm";
import { webhookInbox, webhookSignatureFailures, type WebhookInboxRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { rowsOf } from "@/lib/db/rows";

export type NewInboxEvent = typeof webhookInbox.$inferInsert;

/**
 * Stores a verified event once, in one statement; a redelivery of a stored event_id only counts itself in
 * `duplicates` (nothing else changes) and answers false.
 */
export async function insertInboxEvent(db: Database, row: NewInboxEvent): Promise<boolean> {
  const [stored] = await insertInboxEvents(db, [row]);
  return stored === true;
}

// Every insertable column of the inbox, with what an absent value becomes (the table's default). Keyed by the
// row's own field names, so a column added to the schema and not here fails to compile.
const INBOX_DEFAULTS = {
  eventId: null,
  eventType: null,
  eventAt: null,
  cardholderId: null,
  body: null,
  headers: null,
  state: "'pending'",
  attempts: "0",
  nextAttemptAt: "now()",
  leaseUntil: null,
  lastError: null,
  receivedAt: "now()",
  processedAt: null,
  duplicates: "0",
} as const satisfies Record<keyof NewInboxEvent, string | null>;

// The batch travels as one JSON parameter unpacked by json_to_recordset: building and binding a dozen
// parameters per row through Drizzle cost the receiver more CPU than the rest of its work on Postgres.
const [INSERT_HEAD, INSERT_TAIL] = (() => {
  const fields = Object.entries(INBOX_DEFAULTS).map(([field, fallback]) => {
    const column = webhookInbox[field as keyof typeof INBOX_DEFAULTS];
    return { name: `"${column.name}"`, field: `"${field}"`, type: column.getSQLType(), fallback };
  });
  const table = `"${getTableName(webhookInbox)}"`;
  const head = `insert into ${table} (${fields.map((f) => f.name).join(", ")})
    select ${fields.map((f) => (f.fallback ? `coalesce(${f.field}, ${f.fallback})` : f.field)).join(", ")}
    from json_to_recordset(`;
  const tail = `::json) as r(${fields.map((f) => `${f.field} ${f.type}`).join(", ")})
    on conflict ("event_id") do update set "duplicates" = ${table}."duplicates" + excluded."duplicates" + 1
    returning "event_id" as "eventId", (xmax = 0) as "inserted"`;
  return [sql.raw(head), sql.raw(tail)];
})();

/**
 * Stores a batch of verified events in one statement (all or nothing) and answers, per row in order, whether
 * that row stored its event. Copies of one event_id, within the batch or of an event stored before, answer
 * false and are counted in `duplicates` (a stored event counts every copy of the batch; a fresh one keeps the
 * batch's extra copies). `xmax = 0` tells a fresh row from an updated one.
 */
export async function insertInboxEvents(db: Database, rows: NewInboxEvent[]): Promise<boolean[]> {
  if (rows.length === 0) return [];
  // One row per event_id: Postgres refuses to update one row twice in a statement.
  const firstIndex = new Map<string, number>();
  const unique = new Map<string, NewInboxEvent>();
  rows.forEach((row, i) => {
    const kept = unique.get(row.eventId);
    if (kept) kept.duplicates = (kept.duplicates ?? 0) + 1;
    else {
      firstIndex.set(row.eventId, i);
      unique.set(row.eventId, { ...row, duplicates: 0 });
    }
  });
  const result = await db.execute(sql`${INSERT_HEAD}${JSON.stringify([...unique.values()])}${INSERT_TAIL}`);
  const fresh = new Set(
    rowsOf<{ eventId: string; inserted: boolean }>(result)
      .filter((r) => r.inserted)
      .map((r) => r.eventId),
  );
  return rows.map((row, i) => firstIndex.get(row.eventId) === i && fresh.has(row.eventId));
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
