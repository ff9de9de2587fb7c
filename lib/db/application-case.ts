import "server-only";
import { and, count, desc, eq, gte, inArray, isNull, max, ne, notInArray, or, sql, type SQL } from "drizzle-orm";
import { applicationNotes, applications, staffAuditLog, staffUsers, upstreamRequests, webhookInbox } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { listUpstreamCallSummaries } from "@/lib/db/upstream-requests";

// The staff application page's reads and its small writes: notes, assignment, and the rows its timeline merges.

/** Each source of the timeline shows at most this many of its newest rows. */
export const TIMELINE_SOURCE_LIMIT = 200;

/** Who holds an application now (null: nobody), with their name as the staff table says. */
export async function findAssignee(db: Database, applicationId: string) {
  const [row] = await db
    .select({ id: staffUsers.id, name: staffUsers.name, email: staffUsers.email, at: applications.assignedAt })
    .from(applications)
    .innerJoin(staffUsers, eq(staffUsers.id, applications.assignedTo))
    .where(eq(applications.id, applicationId));
  return row ?? null;
}

/**
 * Gives the application to `staffId` when nobody holds it, they hold it already, or (a take-over) the holder is
 * still `replacing`: a conditional UPDATE, so two agents claiming at once cannot both win.
 */
export async function assignApplication(db: Database, id: string, staffId: string, replacing: string | null, now: Date) {
  const holder = replacing ? or(isNull(applications.assignedTo), eq(applications.assignedTo, replacing)) : isNull(applications.assignedTo);
  const [row] = await db
    .update(applications)
    .set({ assignedTo: staffId, assignedAt: now })
    .where(and(eq(applications.id, id), isNull(applications.erasedAt), or(holder, eq(applications.assignedTo, staffId))))
    .returning({ id: applications.id });
  return Boolean(row);
}

/** Releases the application when `staffId` holds it; answers whether it did. */
export async function unassignApplication(db: Database, id: string, staffId: string) {
  const [row] = await db
    .update(applications)
    .set({ assignedTo: null, assignedAt: null })
    .where(and(eq(applications.id, id), eq(applications.assignedTo, staffId)))
    .returning({ id: applications.id });
  return Boolean(row);
}

export async function insertApplicationNote(db: Database, row: typeof applicationNotes.$inferInsert) {
  const [note] = await db.insert(applicationNotes).values(row).returning();
  return note;
}

export async function listApplicationNotes(db: Database, applicationId: string) {
  return db
    .select()
    .from(applicationNotes)
    .where(eq(applicationNotes.applicationId, applicationId))
    .orderBy(desc(applicationNotes.createdAt))
    .limit(TIMELINE_SOURCE_LIMIT);
}

/** The staff audit rows about this application, newest first. */
export async function listApplicationAudit(db: Database, applicationId: string) {
  return db
    .select()
    .from(staffAuditLog)
    .where(eq(staffAuditLog.applicationId, applicationId))
    .orderBy(desc(staffAuditLog.id))
    .limit(TIMELINE_SOURCE_LIMIT);
}

/** A cardholder's webhook events per type: how many, how many did not apply (poisoned or parked), the latest. */
export async function countCardholderWebhooks(db: Database, cardholderId: string) {
  return db
    .select({
      eventType: webhookInbox.eventType,
      count: count(),
      notApplied: sql<number>`count(*) filter (where ${inArray(webhookInbox.state, ["poisoned", "parked"])})`.mapWith(Number),
      latestAt: max(webhookInbox.eventAt),
    })
    .from(webhookInbox)
    .where(eq(webhookInbox.cardholderId, cardholderId))
    .groupBy(webhookInbox.eventType);
}

/** Webhook events about a cardholder, newest first, but those of the `grouped` types (the body stays sealed and is not read). */
export async function listCardholderWebhooks(db: Database, cardholderId: string, grouped: string[] = []) {
  return db
    .select({
      eventId: webhookInbox.eventId,
      eventType: webhookInbox.eventType,
      eventAt: webhookInbox.eventAt,
      state: webhookInbox.state,
      attempts: webhookInbox.attempts,
      lastError: webhookInbox.lastError,
      receivedAt: webhookInbox.receivedAt,
    })
    .from(webhookInbox)
    .where(and(eq(webhookInbox.cardholderId, cardholderId), grouped.length > 0 ? notInArray(webhookInbox.eventType, grouped) : undefined))
    .orderBy(desc(webhookInbox.eventAt))
    .limit(TIMELINE_SOURCE_LIMIT);
}

/**
 * Upstream calls of an application: those recorded against it (forApplication in lib/issuer/client.ts: uploads,
 * pre-validation, creation, status, links), those carrying one of its stored request ids (rows from before that
 * column), and writes whose path names its cardholder (the identity-check link before that column). Reads by path
 * are left out: they are staff viewing the page or a document, which the audit log shows once, not each GET.
 */
export async function listApplicationUpstreamCalls(
  db: Database,
  match: { applicationId: string; requestIds: string[]; paths: string[]; since: Date },
) {
  const any: SQL[] = [eq(upstreamRequests.applicationId, match.applicationId)];
  if (match.requestIds.length > 0) any.push(inArray(upstreamRequests.requestId, match.requestIds));
  // Paths have no index of their own: bounded by the application's start, the created_at index narrows the scan.
  const byPath =
    match.paths.length > 0
      ? and(inArray(upstreamRequests.path, match.paths), ne(upstreamRequests.method, "GET"), gte(upstreamRequests.createdAt, match.since))
      : undefined;
  if (byPath) any.push(byPath);
  return listUpstreamCallSummaries(db, or(...any), "newest", TIMELINE_SOURCE_LIMIT);
}
