import "server-only";
import { and, asc, eq, inArray, ne, or, sql } from "drizzle-orm";
import { ERASED_BINDING_REASON, revokeBindings } from "@/lib/db/bindings";
import { stripCardTransactions } from "@/lib/db/card-transactions";
import { applicationEventData, recordEvent } from "@/lib/db/event-outbox";
import { forgetApplicationPersonalRows } from "@/lib/db/retention";
import {
  ANSWERS_REMOVED,
  applicationErasures,
  applicationNotes,
  applications,
  cardTransactions,
  upstreamRequests,
  webhookInbox,
  type Application,
} from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { listUpstreamCallSummaries } from "@/lib/db/upstream-requests";

// Reads and writes of one applicant's data for export and erasure on request (lib/privacy).

/** The request ids an application's own calls used before application_id was recorded (cardholder, card). */
const ownRequestIds = (app: Application) => [app.cardholderRequestId, app.cardRequestId].filter((id): id is string => Boolean(id));

const callsOf = (app: Application) => {
  const ids = ownRequestIds(app);
  return ids.length
    ? or(eq(upstreamRequests.applicationId, app.id), inArray(upstreamRequests.requestId, ids))
    : eq(upstreamRequests.applicationId, app.id);
};

/** The upstream calls made for an application, oldest first, without their bodies. */
export async function listApplicationCalls(db: Database, app: Application) {
  const calls = await listUpstreamCallSummaries(db, callsOf(app), "oldest");
  return calls.map(({ id: _id, createdAt, ...call }) => ({ at: createdAt, ...call }));
}

/** The webhook events received about a cardholder, oldest first, without their bodies. */
// Like the case page's listCardholderWebhooks on purpose: the export gives the person these five fields, not staff's retries and errors.
export async function listCardholderEvents(db: Database, cardholderId: string) {
  return db
    .select({
      eventId: webhookInbox.eventId,
      eventType: webhookInbox.eventType,
      eventAt: webhookInbox.eventAt,
      state: webhookInbox.state,
      receivedAt: webhookInbox.receivedAt,
    })
    .from(webhookInbox)
    .where(eq(webhookInbox.cardholderId, cardholderId))
    .orderBy(asc(webhookInbox.eventAt));
}

export async function listNotesOf(db: Database, applicationId: string) {
  return db
    .select()
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(asc(applicationNotes.createdAt));
}

/** What identifies the person of an application: its email and identity number, as keyed blind indexes. */
export type SubjectKeys = Pick<Application, "id" | "emailIndex" | "identityIndex">;

/** A person reached through more links than this (email to identity number to email...) is cut there. */
const MAX_LINKS = 20;

/**
 * The applications of the person of `anchor`, ordered by id: the anchor, every application with its email or
 * identity number, and so on from theirs, so the same person is found whichever of their applications is the anchor.
 */
export async function listSubjectApplications(db: Database, anchor: SubjectKeys): Promise<Application[]> {
  const emails = new Set<string>();
  const numbers = new Set<string>();
  const learn = (a: SubjectKeys) => {
    const before = emails.size + numbers.size;
    if (a.emailIndex) emails.add(a.emailIndex);
    if (a.identityIndex) numbers.add(a.identityIndex);
    return emails.size + numbers.size > before;
  };
  learn(anchor);
  let rows: Application[] = [];
  for (let round = 0; round < MAX_LINKS; round++) {
    const match = or(
      eq(applications.id, anchor.id),
      emails.size ? inArray(applications.emailIndex, [...emails]) : undefined,
      numbers.size ? inArray(applications.identityIndex, [...numbers]) : undefined,
    );
    rows = await db.select().from(applications).where(match).orderBy(asc(applications.id));
    if (!rows.map(learn).includes(true)) break;
  }
  return rows;
}

/** The advisory lock key of erasures: one at a time, so two erasures of one person never interleave. */
const ERASURE_LOCK_KEY = 7_240_114;

/** Waits for any other erasure to end, then holds the lock until this transaction ends. */
export async function lockErasures(db: Database): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${ERASURE_LOCK_KEY})`);
}

/** These applications, their rows locked until the surrounding transaction ends (in id order). */
export async function lockApplications(db: Database, ids: string[]): Promise<Application[]> {
  if (ids.length === 0) return [];
  return db.select().from(applications).where(inArray(applications.id, ids)).orderBy(asc(applications.id)).for("update");
}

export async function findErasure(db: Database, applicationId: string) {
  const [row] = await db.select().from(applicationErasures).where(eq(applicationErasures.applicationId, applicationId)).limit(1);
  return row;
}

/** `keys`: the process's ring, whose store holds the data keys the erasure destroys. */
/** Every erasure's application, cardholder and card ids (their data keys must stay destroyed). */
export async function listErasedIds(db: Database) {
  return db
    .select({ id: applicationErasures.applicationId, cardholderId: applicationErasures.cardholderId, cardId: applicationErasures.cardId })
    .from(applicationErasures);
}

export type ErasureInput = { staffId: string; staffEmail: string; reason: string; resumeHash: string; now: Date };

/**
 * Removes what the portal holds of one applicant: answers, resume and identity-check links, search indexes,
 * document references, browsers, notes, upstream and webhook bodies, transaction details; keeps ids, states,
 * times and a tombstone. Run inside a transaction holding the row lock; the caller then destroys the data keys of
 * the application, its cardholder and card (lib/privacy/erase.ts), so the copies a database leaves behind (WAL,
 * dead tuples, backups) stay sealed.
 */
export async function eraseApplicantRows(db: Database, app: Application, input: ErasureInput): Promise<void> {
  await db
    .update(applications)
    .set({
      draftCiphertext: ANSWERS_REMOVED,
      resumeTokenCiphertext: null,
      // The old resume link must stop working: a fresh random hash nobody holds, already expired.
      resumeHash: input.resumeHash,
      resumeExpiresAt: input.now,
      kycUrl: null,
      kycExpiresAt: null,
      nameIndex: null,
      emailIndex: null,
      identityIndex: null,
      phoneIndex: null,
      // The merchant's customer id ties the erased person to the merchant's records: it goes with the answers.
      merchantReference: null,
      prevalidation: null,
      resumeIssuedBy: null,
      failureMessage: null,
      // Nothing is left to work on: the application leaves its holder's list.
      assignedTo: null,
      assignedAt: null,
      erasedAt: input.now,
      answersDroppedAt: app.answersDroppedAt ?? input.now,
      updatedAt: input.now,
    })
    .where(eq(applications.id, app.id));
  await forgetApplicationPersonalRows(db, [app.id], "keep");
  // The browsers that held it are ended, not forgotten: they are told the data was erased (lib/applications/access.ts).
  await revokeBindings(db, app.id, ERASED_BINDING_REASON, input.now);
  await db.update(upstreamRequests).set({ requestBody: null, requestBodySealed: null }).where(callsOf(app));
  if (app.cardholderId) {
    // Pending events still need their body to be applied; they hold only what the issuer already has.
    await db
      .update(webhookInbox)
      .set({ body: "", headers: {} })
      .where(and(eq(webhookInbox.cardholderId, app.cardholderId), ne(webhookInbox.state, "pending")));
  }
  // Authorizations keep ids, amounts, currencies, times and statuses; their details go (the keys too, below).
  const transactions = or(
    app.cardholderId ? eq(cardTransactions.cardholderId, app.cardholderId) : undefined,
    app.cardId ? eq(cardTransactions.cardId, app.cardId) : undefined,
  );
  if (transactions) await stripCardTransactions(db, transactions);
  // application.erased, with the erasure: ids, states and times are all a merchant's endpoint ever had.
  const data = { ...applicationEventData(app, app.state, input.now), erased_at: input.now.toISOString() };
  await recordEvent(db, { type: "application.erased", applicationId: app.id, data, now: input.now });
  await db.insert(applicationErasures).values({
    applicationId: app.id,
    cardholderId: app.cardholderId,
    cardId: app.cardId,
    state: app.state,
    staffId: input.staffId,
    staffEmail: input.staffEmail,
    reason: input.reason,
    erasedAt: input.now,
  });
}
