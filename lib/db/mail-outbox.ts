import "server-only";
import { and, asc, count, eq, inArray, isNotNull, lt, lte, ne, sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import { mailOutbox, type MailRow, type MailState, type NewMailRow } from "@/lib/db/schema";
import { afterCursor, keysetOrder, type KeysetCursor } from "@/lib/db/keyset";
import type { Database } from "@/lib/db/types";

// The mail outbox's named queries (lib/mail sends through them).

/** Queues a message; with a dedupe key already taken it does nothing and answers undefined. */
export async function insertMail(db: Database, row: NewMailRow): Promise<MailRow | undefined> {
  const [inserted] = await db.insert(mailOutbox).values(row).onConflictDoNothing({ target: mailOutbox.dedupeKey }).returning();
  return inserted;
}

/**
 * Takes the next due message for `leaseMs` (SKIP LOCKED: two senders never take one row). A row whose lease ran out
 * was never marked sent, so its final "." never left (lib/mail/sender.ts): sending it again is its first delivery.
 */
export async function claimNextMail(db: Database, now: Date, leaseMs: number): Promise<MailRow | undefined> {
  const at = now.toISOString();
  // One round trip: the update answers the row it took.
  const [row] = await db
    .update(mailOutbox)
    .set({ leaseUntil: new Date(now.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1`, updatedAt: now })
    .where(
      eq(
        mailOutbox.id,
        sql`(select id from ${mailOutbox}
          where state = 'pending' and next_attempt_at <= ${at}::timestamptz and (lease_until is null or lease_until < ${at}::timestamptz)
          order by next_attempt_at, created_at
          limit 1
          for update skip locked)`,
      ),
    )
    .returning();
  return row;
}

/**
 * Marks a taken message sent, if this attempt's claim still holds (false: another sender took it over). In a
 * transaction: a sender that dies while the update waits (a row lock, a slow disk) leaves it uncommitted, where a
 * lone statement would still commit "sent" for a message whose final "." never left.
 */
export async function markMailSent(db: Database, id: string, attempts: number, messageId: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ state: "sent", sentAt: now, updatedAt: now, leaseUntil: null, messageId, lastError: null, failure: null })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, "pending"), eq(mailOutbox.attempts, attempts)))
      .returning({ id: mailOutbox.id });
    return rows.length > 0;
  });
}

/** Once the server took them, the recipients and links go: a sent message keeps only what staff are shown. */
export async function dropSentPayloads(db: Database, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(mailOutbox)
    .set({ payloadSealed: null })
    .where(and(inArray(mailOutbox.id, ids), eq(mailOutbox.state, "sent")));
}

/**
 * The sweep behind dropSentPayloads: a sender that stopped between the two writes left a payload on a sent row.
 * Only rows sent before `sentBefore`: a sender still at work may yet put a refused message back to pending.
 */
export async function dropStaleSentPayloads(db: Database, sentBefore: Date): Promise<number> {
  const rows = await db
    .update(mailOutbox)
    .set({ payloadSealed: null })
    .where(and(eq(mailOutbox.state, "sent"), isNotNull(mailOutbox.payloadSealed), lt(mailOutbox.sentAt, sentBefore)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

export type MailFailure = NonNullable<MailRow["failure"]>;

/** After a failed attempt: pending again at `retryAt`, or parked (`retryAt` undefined) with its error kept for staff. */
export async function failMail(
  db: Database,
  id: string,
  error: string,
  failure: MailFailure,
  retryAt: Date | undefined,
  now: Date,
  from: MailState[] = ["pending"],
): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      state: retryAt ? "pending" : failure === "erased" ? "cancelled" : "failed",
      nextAttemptAt: retryAt ?? now,
      leaseUntil: null,
      lastError: error.slice(0, 500),
      failure,
      updatedAt: now,
      ...(retryAt ? {} : failure === "erased" ? { payloadSealed: null } : {}),
    })
    .where(and(eq(mailOutbox.id, id), inArray(mailOutbox.state, from)));
}

/** No longer due (its application moved on): never sent, its payload dropped. */
export async function cancelMail(db: Database, id: string, reason: string, now: Date): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ state: "cancelled", leaseUntil: null, payloadSealed: null, lastError: reason, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, "pending")));
}

/** A parked message back in the queue (staff "Resend"): tried again at once, attempts counted from zero. */
export async function requeueFailedMail(db: Database, id: string, now: Date): Promise<MailRow | undefined> {
  const [row] = await db
    .update(mailOutbox)
    .set({ state: "pending", attempts: 0, nextAttemptAt: now, leaseUntil: null, updatedAt: now })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.state, "failed")))
    .returning();
  return row;
}

export const findMail = async (db: Database, id: string): Promise<MailRow | undefined> =>
  (await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

/** An application's messages, oldest first (its timeline). */
export async function listApplicationMail(db: Database, applicationId: string) {
  return db
    .select(mailListColumns)
    .from(mailOutbox)
    .where(eq(mailOutbox.applicationId, applicationId))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
}

const mailListColumns = {
  id: mailOutbox.id,
  kind: mailOutbox.kind,
  applicationId: mailOutbox.applicationId,
  subject: mailOutbox.subject,
  recipientMasked: mailOutbox.recipientMasked,
  state: mailOutbox.state,
  attempts: mailOutbox.attempts,
  lastError: mailOutbox.lastError,
  failure: mailOutbox.failure,
  createdAt: mailOutbox.createdAt,
  sentAt: mailOutbox.sentAt,
  nextAttemptAt: mailOutbox.nextAttemptAt,
};
export type MailListRow = Awaited<ReturnType<typeof listApplicationMail>>[number];

/** The staff outbox page: newest first, by state and application (optional), keyset-paged on (created_at, id). */
export async function listOutbox(
  db: Database,
  state: MailState | undefined,
  after: KeysetCursor | undefined,
  limit: number,
  applicationId?: string,
) {
  const where = and(
    state ? eq(mailOutbox.state, state) : undefined,
    applicationId ? eq(mailOutbox.applicationId, applicationId) : undefined,
    afterCursor(after, mailOutbox.createdAt, mailOutbox.id),
  );
  return db
    .select(mailListColumns)
    .from(mailOutbox)
    .where(where)
    .orderBy(...keysetOrder(mailOutbox.createdAt, mailOutbox.id))
    .limit(limit);
}

/** How many messages are in each state (the outbox page's tabs). */
export async function countOutbox(db: Database): Promise<Record<MailState, number>> {
  const rows = await db.select({ state: mailOutbox.state, n: count() }).from(mailOutbox).groupBy(mailOutbox.state);
  const counts: Record<MailState, number> = { pending: 0, sent: 0, failed: 0, cancelled: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

/**
 * The outbox page's tab counts, each counted up to `cap` (answered as cap + 1 beyond it): a million sent messages
 * took 350 ms to count on every page view; a capped count reads at most `cap` entries of the (state, ...) index.
 */
export async function countOutboxUpTo(db: Database, cap: number, applicationId?: string): Promise<Record<MailState, number>> {
  const ofApplication = applicationId ? sql` and application_id = ${applicationId}` : sql``;
  const upTo = (state: MailState) =>
    sql`(select count(*) from (select 1 from ${mailOutbox} where state = ${state}${ofApplication} limit ${cap + 1}) s)::int`;
  const result = await db.execute(
    sql`select ${upTo("pending")} as pending, ${upTo("sent")} as sent, ${upTo("failed")} as failed, ${upTo("cancelled")} as cancelled`,
  );
  const [row] = rowsOf<Record<MailState, number>>(result);
  return {
    pending: Number(row?.pending ?? 0),
    sent: Number(row?.sent ?? 0),
    failed: Number(row?.failed ?? 0),
    cancelled: Number(row?.cancelled ?? 0),
  };
}

/** Retention (LOG_RETENTION_DAYS): every message settled before the cutoff goes, a failed one with its payload. */
export async function deleteOldMail(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .delete(mailOutbox)
    .where(and(ne(mailOutbox.state, "pending"), lte(mailOutbox.updatedAt, cutoff)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/** Erasure, or the answers of a finished application dropped: its messages go, addresses masked or not. */
export async function deleteApplicationMail(db: Database, applicationIds: string[]): Promise<number> {
  if (applicationIds.length === 0) return 0;
  const rows = await db.delete(mailOutbox).where(inArray(mailOutbox.applicationId, applicationIds)).returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Applications whose identity check started within `started` (its bounds: the window keeps each look to the recent
 * ones, by the partial index applications_kyc_pending_idx) and that have no message under `${keyPrefix}<id>` yet
 * (the reminders' dedupe keys): the next ones to remind, oldest first.
 */
export async function applicationsToRemind(
  db: Database,
  keyPrefix: string,
  started: { after: Date; before: Date },
  limit: number,
): Promise<string[]> {
  const result = await db.execute(sql`
    select a.id from applications a
    where a.state = 'kyc_pending' and a.erased_at is null
      and a.submitted_at > ${started.after.toISOString()}::timestamptz and a.submitted_at <= ${started.before.toISOString()}::timestamptz
      and not exists (select 1 from ${mailOutbox} m where m.dedupe_key = ${keyPrefix} || a.id)
    order by a.submitted_at
    limit ${limit}`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export async function mailQueuedUnder(db: Database, dedupeKey: string): Promise<boolean> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(eq(mailOutbox.dedupeKey, dedupeKey)).limit(1);
  return rows.length > 0;
}
