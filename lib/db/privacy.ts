import "server-only";
import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import { ANSWERS_REMOVED } from "@/lib/applications/draft-store";
import { stripCardTransactions } from "@/lib/db/card-transactions";
import { forgetApplicationPersonalRows } from "@/lib/db/retention";
import {
  applicationErasures,
  applicationNotes,
  applications,
  cardTransactions,
  upstreamRequests,
  webhookInbox,
  type Application,
} from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { destroyOwnerKeys, ownersOfApplication } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";

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
  return db
    .select({
      at: upstreamRequests.createdAt,
      method: upstreamRequests.method,
      path: upstreamRequests.path,
      requestId: upstreamRequests.requestId,
      attempt: upstreamRequests.attempt,
      httpStatus: upstreamRequests.httpStatus,
      errorCode: upstreamRequests.errorCode,
      durationMs: upstreamRequests.durationMs,
    })
    .from(upstreamRequests)
    .where(callsOf(app))
    .orderBy(asc(upstreamRequests.createdAt), asc(upstreamRequests.id));
}

/** The webhook events received about a cardholder, oldest first, without their bodies. */
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

export type ErasureInput = { staffId: string; staffEmail: string; reason: string; resumeHash: string; now: Date; keys: Keyring };

/**
 * Removes what the portal holds of one applicant: answers, resume and identity-check links, search indexes,
 * document references, browsers, notes, upstream and webhook bodies, transaction details; keeps ids, states,
 * times and a tombstone; and destroys the data keys of the application, its cardholder and card, so the copies
 * a database leaves behind (WAL, dead tuples, backups) stay sealed. Run inside a transaction holding the row lock.
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
      failureMessage: null,
      erasedAt: input.now,
      answersDroppedAt: app.answersDroppedAt ?? input.now,
      updatedAt: input.now,
    })
    .where(eq(applications.id, app.id));
  await forgetApplicationPersonalRows(db, [app.id]);
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
  // Last: on PGlite the key file's slots are zeroed at once, whatever becomes of this transaction.
  await destroyOwnerKeys(input.keys, db, ownersOfApplication(app));
}
