import "server-only";
import { and, eq, inArray, isNotNull, isNull, like, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { stripCardTransactions } from "@/lib/db/card-transactions";
import {
  ANSWERS_REMOVED,
  FINAL_STATES,
  applicationBindings,
  applicationEvents,
  applicationFiles,
  applicationNotes,
  applications,
  cardTransactions,
  staffSignInAttempts,
  upstreamRequests,
  webhookInbox,
} from "@/lib/db/schema";
import { deleteApplicationMail } from "@/lib/db/mail-outbox";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

/** The timeline reason of an application staff marked failed; their own words follow it until the answers go. */
export const STAFF_FAILED_REASON = "marked failed by staff";

// The statements of the retention rules (lib/privacy/retention.ts). Each takes its cutoff: rows whose last
// activity is at or before it qualify, so a retention of 0 days takes everything at once.

/**
 * At most this many applications per rule and run: their ids go on into `in (...)` lists (a statement takes at most
 * 65,535 parameters; 370,000 finished applications due at once overflowed the stack and failed the run every minute).
 */
export const RETENTION_BATCH = 5_000;

/**
 * Drafts never sent upstream with no saved step or upload since the cutoff: deleted whole (files, bindings, events
 * cascade). Answers their ids (their data keys go too).
 */
export async function deleteAbandonedDrafts(db: Database, cutoff: Date, limit = RETENTION_BATCH): Promise<string[]> {
  const due = db
    .select({ id: applications.id })
    .from(applications)
    .where(and(eq(applications.state, "draft"), isNull(applications.cardholderId), lte(applications.updatedAt, cutoff)))
    .limit(limit);
  const rows = await db.delete(applications).where(inArray(applications.id, due)).returning({ id: applications.id });
  return rows.map((r) => r.id);
}

/** Applications in a final state (or a reopened draft known upstream) untouched since the cutoff lose their answers. */
export async function dropFinishedAnswers(db: Database, cutoff: Date, now: Date, limit = RETENTION_BATCH): Promise<number> {
  const due = db
    .select({ id: applications.id })
    .from(applications)
    .where(
      and(
        isNull(applications.answersDroppedAt),
        lte(applications.updatedAt, cutoff),
        or(inArray(applications.state, [...FINAL_STATES]), and(eq(applications.state, "draft"), isNotNull(applications.cardholderId))),
      ),
    )
    .limit(limit);
  const rows = await db
    .update(applications)
    .set({
      draftCiphertext: ANSWERS_REMOVED,
      resumeTokenCiphertext: null,
      kycUrl: null,
      nameIndex: null,
      emailIndex: null,
      identityIndex: null,
      phoneIndex: null,
      // The issuer's last verdict: field messages may quote an answer, and its digest is of the answers.
      prevalidation: null,
      answersDroppedAt: now,
    })
    .where(inArray(applications.id, due))
    .returning({ id: applications.id });
  const ids = rows.map((r) => r.id);
  if (ids.length) await forgetApplicationPersonalRows(db, ids);
  return ids.length;
}

/**
 * What an application without answers keeps no longer: document references (their sealed names), notes, and
 * browsers (an erasure ends these itself instead, so the browser is told what happened).
 */
export async function forgetApplicationPersonalRows(db: Database, ids: string[], bindings: "delete" | "keep" = "delete"): Promise<void> {
  await db.delete(applicationFiles).where(inArray(applicationFiles.applicationId, ids));
  if (bindings === "delete") await db.delete(applicationBindings).where(inArray(applicationBindings.applicationId, ids));
  await db.delete(applicationNotes).where(inArray(applicationNotes.applicationId, ids));
  // Its emails: the sealed address and links of those not sent, the masked address of the rest.
  await deleteApplicationMail(db, ids);
  // The one timeline entry with free text typed by staff (lib/admin/case/actions/lifecycle.ts): the state stays, the text goes.
  await db
    .update(applicationEvents)
    .set({ reason: STAFF_FAILED_REASON })
    .where(and(inArray(applicationEvents.applicationId, ids), like(applicationEvents.reason, `${STAFF_FAILED_REASON}: %`)));
}

/** Upstream request logs keep method, path, request id, status and timing; the (sealed, redacted) body goes. */
export async function reduceUpstreamLogs(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .update(upstreamRequests)
    .set({ requestBody: null, requestBodySealed: null })
    .where(
      and(
        lte(upstreamRequests.createdAt, cutoff),
        or(isNotNull(upstreamRequests.requestBody), isNotNull(upstreamRequests.requestBodySealed)),
      ),
    )
    .returning({ id: upstreamRequests.id });
  return rows.length;
}

/** Webhook events keep id, type, time, cardholder id and outcome; body and headers go. Pending ones still need theirs. */
export async function reduceWebhookBodies(db: Database, cutoff: Date): Promise<number> {
  const rows = await db
    .update(webhookInbox)
    .set({ body: "", headers: {} })
    .where(and(lte(webhookInbox.receivedAt, cutoff), ne(webhookInbox.state, "pending"), ne(webhookInbox.body, "")))
    .returning({ id: webhookInbox.eventId });
  return rows.length;
}

/** Card authorizations keep ids, amounts, currencies, times and statuses; their details (merchant...) go. */
export async function reduceTransactionDetails(db: Database, cutoff: Date): Promise<number> {
  return stripCardTransactions(db, lte(cardTransactions.createdAt, cutoff));
}

const erasedCardholders = (db: Database) =>
  db.select({ id: applications.cardholderId }).from(applications).where(isNotNull(applications.erasedAt));

/** Webhook events about an erased applicant's cardholder that arrived after the erasure lose their body too. */
export async function scrubErasedLeftovers(db: Database): Promise<number> {
  const rows = await db
    .update(webhookInbox)
    .set({ body: "", headers: {} })
    .where(and(ne(webhookInbox.state, "pending"), ne(webhookInbox.body, ""), inArray(webhookInbox.cardholderId, erasedCardholders(db))))
    .returning({ id: webhookInbox.eventId });
  return rows.length;
}

/** Card authorizations of an erased applicant's cardholder or card recorded after the erasure keep only clear fields. */
export async function scrubErasedTransactions(db: Database): Promise<number> {
  const erasedCards = db.select({ id: applications.cardId }).from(applications).where(isNotNull(applications.erasedAt));
  return stripCardTransactions(
    db,
    or(inArray(cardTransactions.cardholderId, erasedCardholders(db)), inArray(cardTransactions.cardId, erasedCards)) as SQL,
  );
}

/** Staff sign-in attempts (emails and addresses) older than the log retention. */
export async function deleteSignInAttempts(db: Database, cutoff: Date): Promise<number> {
  const rows = await db.delete(staffSignInAttempts).where(lte(staffSignInAttempts.at, cutoff)).returning({ id: staffSignInAttempts.id });
  return rows.length;
}

/** Postgres advisory lock for this transaction, or false when another instance holds it (PGlite has one connection). */
export async function tryTransactionLock(db: Database, key: number): Promise<boolean> {
  const result = await db.execute(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  return rowsOf<{ locked: boolean }>(result)[0]?.locked === true;
}
