import "server-only";
import type { Database } from "@/lib/db/types";
import { cardholderEventData, emitEvent, type SandboxEventType } from "@/lib/sandbox/events";
import type { SandboxCardholder } from "@/lib/sandbox/schema";
import { moveCardsOf } from "@/lib/sandbox/store/cards";
import { dueCardholderIds, findCardholder, updateCardholder } from "@/lib/sandbox/store/cardholders";
import { closeKycLinks, findKycLink, findOpenKycLink, setKycLinkReview } from "@/lib/sandbox/store/kyc-links";

// The simulated issuer's state moves. Each runs in one transaction with the event it emits, so an
// event is sent if and only if the change happened (outbox pattern).

export type LifecycleDeps = { db: Database; now: Date; approvalDelayMs: number; appUrl: string };
type KycDecision = "VERIFIED" | "REJECTED";

async function emitCardholder(db: Database, type: SandboxEventType, id: string, deps: LifecycleDeps) {
  const row = await findCardholder(db, id);
  if (!row) return;
  const link = await findOpenKycLink(db, id, deps.now);
  await emitEvent(db, type, cardholderEventData(row, link, deps.appUrl), deps.now);
}

/** Cards waiting for KYC open once the cardholder is both verified and approved. */
async function settleWaitingCards(db: Database, id: string, deps: LifecycleDeps) {
  const row = await findCardholder(db, id);
  if (!row) return;
  if (row.status === "SUCCESS" && row.kycStatus === "VERIFIED") await moveCardsOf(db, id, "WAITING_KYC", "ACTIVE", deps.now);
  if (row.status === "FAILED" || row.kycStatus === "REJECTED") await moveCardsOf(db, id, "WAITING_KYC", "FAILED", deps.now);
}

async function applyKycDecision(db: Database, row: SandboxCardholder, decision: KycDecision, at: Date, deps: LifecycleDeps) {
  const approvalDueAt = decision === "VERIFIED" && row.status === "PENDING" ? new Date(at.getTime() + deps.approvalDelayMs) : null;
  await updateCardholder(db, row.id, {
    kycStatus: decision,
    kycDueAt: null,
    approvalDueAt,
    // Choice (the cause of FAILED is not shown): a rejected identity check fails the cardholder.
    ...(decision === "REJECTED" ? { status: "FAILED" as const } : {}),
    updatedAt: deps.now,
  });
  await closeKycLinks(db, row.id, decision === "VERIFIED" ? "approved" : "rejected");
  await emitCardholder(db, "cardholder.kyc.status_changed", row.id, deps);
  await settleWaitingCards(db, row.id, deps);
}

/** Applies whatever is due for one cardholder: a THIRD_PARTY decision, then the platform approval. */
export async function advanceCardholder(deps: LifecycleDeps, id: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const row = await findCardholder(tx, id, true);
    if (!row) return;
    if (row.kycDueAt && row.kycDueAt <= deps.now && row.kycStatus === "PENDING") {
      // docs/contract.md: a reference_id beginning with reject_ is rejected, any other proof verified.
      const decision: KycDecision = row.kycReferenceId?.startsWith("reject_") ? "REJECTED" : "VERIFIED";
      await applyKycDecision(tx, row, decision, row.kycDueAt, deps);
    }
    const current = await findCardholder(tx, id);
    if (current?.approvalDueAt && current.approvalDueAt <= deps.now && current.status === "PENDING") {
      await updateCardholder(tx, id, { status: "SUCCESS", approvalDueAt: null, updatedAt: deps.now });
      await emitCardholder(tx, "cardholder.updated", id, deps);
      await settleWaitingCards(tx, id, deps);
    } else if (current?.approvalDueAt && current.status !== "PENDING") {
      await updateCardholder(tx, id, { approvalDueAt: null });
    }
  });
}

/** One pass of the simulation clock over every cardholder with something due. */
export async function advanceDueCardholders(deps: LifecycleDeps): Promise<number> {
  const ids = await dueCardholderIds(deps.db, deps.now);
  for (const id of ids) await advanceCardholder(deps, id);
  return ids.length;
}

/** The KYC decision of the hosted page or of the test helper. Returns false for an unknown cardholder. */
export async function decideKyc(deps: LifecycleDeps, id: string, decision: KycDecision): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await findCardholder(tx, id, true);
    if (!row) return false;
    await applyKycDecision(tx, row, decision, deps.now, deps);
    return true;
  });
}

/** The person opened the hosted page: the link is under review and KYC is PENDING. */
export async function startKycReview(deps: LifecycleDeps, token: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const link = await findKycLink(tx, token);
    if (!link || link.reviewStatus !== "init") return;
    await setKycLinkReview(tx, token, "pending");
    const row = await findCardholder(tx, link.cardholderId, true);
    if (row?.kycStatus !== "NOT_STARTED") return;
    await updateCardholder(tx, row.id, { kycStatus: "PENDING", updatedAt: deps.now });
    await emitCardholder(tx, "cardholder.kyc.status_changed", row.id, deps);
  });
}

/** Platform approval set by the test helper. Returns false for an unknown cardholder. */
export async function setPlatformStatus(deps: LifecycleDeps, id: string, status: "SUCCESS" | "FAILED"): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const row = await findCardholder(tx, id, true);
    if (!row) return false;
    await updateCardholder(tx, id, { status, approvalDueAt: null, updatedAt: deps.now });
    await emitCardholder(tx, "cardholder.updated", id, deps);
    await settleWaitingCards(tx, id, deps);
    return true;
  });
}

/** Emits cardholder.created or .updated for a change made by a handler inside `db`'s transaction. */
export const emitCardholderEvent = emitCardholder;
