import "server-only";
import { and, desc, eq, isNotNull, isNull, sql } from "drizzle-orm";
import { tryTransactionLock } from "@/lib/db/retention";
import { rowsOf } from "@/lib/db/rows";
import {
  applicationEvents,
  applications,
  reconciliationFindings,
  reconciliationRuns,
  recordedCards,
  type Application,
  type ReconciliationFinding,
  type ReconciliationRun,
  type Finding,
  type PortalRow,
} from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

/** The advisory lock key of reconciliation (retention uses its own): one instance decides to start a run. */
const LOCK_KEY = 7_240_112;

export type RunClaim = { trigger: "manual" | "schedule"; staffId: string | null; staffEmail: string | null; now: Date };

/**
 * Starts a run unless one is under way (started within `leaseMs`, not finished) or, for the schedule, the last
 * run started less than `minGapMs` ago. Decided under an advisory lock so two instances never both start one.
 */
export async function claimRun(db: Database, claim: RunClaim, rules: { leaseMs: number; minGapMs: number | null }) {
  return db.transaction(async (tx): Promise<ReconciliationRun | "busy" | "not_due"> => {
    if (!(await tryTransactionLock(tx, LOCK_KEY))) return "busy";
    const [last] = await tx.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt)).limit(1);
    const since = last ? claim.now.getTime() - last.startedAt.getTime() : Infinity;
    if (last && !last.finishedAt && since < rules.leaseMs) return "busy";
    if (rules.minGapMs !== null && since < rules.minGapMs) return "not_due";
    const [run] = await tx
      .insert(reconciliationRuns)
      .values({ trigger: claim.trigger, staffId: claim.staffId, staffEmail: claim.staffEmail, startedAt: claim.now })
      .returning();
    if (!run) throw new Error("insert returned nothing");
    return run;
  });
}

export type RunCounts = Pick<
  ReconciliationRun,
  | "cardholdersSeen"
  | "applicationsSeen"
  | "unknownCardholders"
  | "laggingStates"
  | "unrecordedCards"
  | "missingCardholders"
  | "missingCards"
  | "issuerTotal"
  | "partial"
>;

/** Ends a run with its counts and findings (partial: why it read only part), or with the error that stopped it. */
export async function finishRun(
  db: Database,
  id: string,
  now: Date,
  result: { counts: RunCounts; findings: Finding[] } | { error: string },
) {
  await db.transaction(async (tx) => {
    if ("error" in result) {
      await tx
        .update(reconciliationRuns)
        .set({ finishedAt: now, error: result.error.slice(0, 500) })
        .where(eq(reconciliationRuns.id, id));
      return;
    }
    await tx
      .update(reconciliationRuns)
      .set({ finishedAt: now, ...result.counts })
      .where(eq(reconciliationRuns.id, id));
    if (result.findings.length > 0) await tx.insert(reconciliationFindings).values(result.findings.map((f) => ({ ...f, runId: id })));
  });
}

/** The applications that reached the issuer, with every card id their timeline recorded. */
export async function listReconcilableApplications(db: Database): Promise<PortalRow[]> {
  const rows = await db
    .select({
      id: applications.id,
      state: applications.state,
      kycMethod: applications.kycMethod,
      cardholderId: applications.cardholderId,
      upstreamStatus: applications.upstreamStatus,
      upstreamKycStatus: applications.upstreamKycStatus,
      submittedAt: applications.submittedAt,
      cardId: applications.cardId,
    })
    .from(applications)
    .where(isNotNull(applications.cardholderId));
  const cards = rowsOf<{ application_id: string; card_id: string }>(
    await db.execute(
      sql`select distinct ${applicationEvents.applicationId} as application_id, ${applicationEvents.detail}->>'card_id' as card_id
          from ${applicationEvents} where ${applicationEvents.detail}->>'card_id' is not null`,
    ),
  );
  const known = new Map<string, string[]>();
  for (const c of cards) known.set(c.application_id, [...(known.get(c.application_id) ?? []), c.card_id]);
  return rows.map(({ cardId, cardholderId, ...row }) => ({
    ...row,
    cardholderId: cardholderId ?? "",
    knownCardIds: [...(cardId ? [cardId] : []), ...(known.get(row.id) ?? [])],
  }));
}

/**
 * Records a card the issuer created outside the portal, in the timeline and where /admin/cards lists it: as the
 * application's card when it has none, else among the recorded cards (an application holds one card id).
 */
export async function recordUpstreamCard(
  db: Database,
  app: Pick<Application, "id" | "state" | "cardholderId">,
  card: { id: string; status: string },
  now: Date,
) {
  await db.transaction(async (tx) => {
    const held = await tx
      .update(applications)
      .set({ cardId: card.id, cardStatus: card.status, updatedAt: now })
      .where(and(eq(applications.id, app.id), isNull(applications.cardId), isNull(applications.erasedAt)))
      .returning({ id: applications.id });
    if (held.length === 0) {
      await tx
        .insert(recordedCards)
        .values({ cardId: card.id, applicationId: app.id, cardholderId: app.cardholderId, status: card.status, recordedAt: now })
        .onConflictDoNothing();
    }
    await tx.insert(applicationEvents).values({
      applicationId: app.id,
      fromState: app.state,
      toState: app.state,
      reason: "reconciliation: card created at the issuer recorded",
      detail: { card_id: card.id, card_status: card.status },
      createdAt: now,
    });
  });
}

export async function listRuns(db: Database, limit: number, offset = 0): Promise<ReconciliationRun[]> {
  return db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.startedAt)).limit(limit).offset(offset);
}

export async function findRun(db: Database, id: string): Promise<ReconciliationRun | undefined> {
  const [row] = await db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  return row;
}

export async function listFindings(db: Database, runId: string): Promise<ReconciliationFinding[]> {
  return db.select().from(reconciliationFindings).where(eq(reconciliationFindings.runId, runId)).orderBy(reconciliationFindings.id);
}

export async function findFinding(db: Database, id: number): Promise<ReconciliationFinding | undefined> {
  const [row] = await db.select().from(reconciliationFindings).where(eq(reconciliationFindings.id, id));
  return row;
}

/** Marks a finding fixed once (answers false when it already was). */
export async function markFindingFixed(db: Database, id: number, by: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(reconciliationFindings)
    .set({ fixedAt: now, fixedBy: by })
    .where(and(eq(reconciliationFindings.id, id), isNull(reconciliationFindings.fixedAt)))
    .returning({ id: reconciliationFindings.id });
  return rows.length > 0;
}
