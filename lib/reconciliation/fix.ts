import "server-only";
import type { AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { applyCardholderState, refreshStatus } from "@/lib/applications/cardholder-status";
import { move } from "@/lib/applications/transition";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { findApplication, insertTimelineNote, patchApplication } from "@/lib/db/applications";
import { findFinding, listFindings, markFindingFixed, recordUpstreamCard } from "@/lib/db/reconciliation";
import type { Application, ReconciliationFinding } from "@/lib/db/schema";
import { FIXABLE_KINDS } from "@/lib/reconciliation/compare";
import { PortalError } from "@/lib/errors";
import { forApplication } from "@/lib/issuer/client";
import { getCardholder } from "@/lib/issuer/resources/cardholders";

const WATCHED = new Set(["submitted", "kyc_pending", "approved"]);

/**
 * Fixes one finding by asking the issuer again and applying its answer through the transition rules of
 * webhooks and polling (never a direct state write); the application's timeline and the audit log show it.
 */
export async function fixFinding(deps: AppDeps, staff: Pick<Staff, "id" | "email" | "ip">, findingId: number): Promise<Application> {
  const finding = await findFinding(deps.db, findingId);
  if (!finding) throw new PortalError("NOT_FOUND", "No such finding.");
  if (finding.fixedAt) throw new PortalError("INVALID_STATE", "This finding is already fixed.");
  if (finding.kind === "unknown_cardholder" || !finding.applicationId) {
    throw new PortalError("INVALID_STATE", "A cardholder unknown to the portal cannot be fixed here: look at it at the issuer.");
  }
  if (!FIXABLE_KINDS.has(finding.kind)) {
    throw new PortalError("INVALID_STATE", "A record the issuer does not have cannot be fixed here: ask the issuer what became of it.");
  }
  const app = await findApplication(deps.db, finding.applicationId);
  if (!app?.cardholderId) throw new PortalError("NOT_FOUND", "The application of this finding is gone.");
  refuseErased(app);
  const upstream = await getCardholder(forApplication(deps.issuer, app.id), app.cardholderId);
  await insertTimelineNote(deps.db, app, "reconciliation: refreshed from the issuer", deps.now(), {
    finding: finding.id,
    kind: finding.kind,
  });
  const fixed =
    finding.kind === "lagging_state" ? await applyLag(deps, app, upstream) : await recordCard(deps, app, finding, upstream.cards);
  if (await markFindingFixed(deps.db, finding.id, staff.email, deps.now())) {
    await recordStaffAction(deps.db, staff, "reconciliation.fixed", {
      applicationId: app.id,
      target: String(finding.id),
      detail: { kind: finding.kind, run_id: finding.runId, state: fixed.state },
    });
  }
  return fixed;
}

async function applyLag(deps: AppDeps, app: Application, upstream: Awaited<ReturnType<typeof getCardholder>>) {
  // What the issuer answered now is current: older webhook events must not move the state back.
  const current = (await patchApplication(deps.db, app.id, { upstreamEventAt: deps.now() })) ?? app;
  const applied = await applyCardholderState(deps, current, upstream);
  // Approved: the card is issued exactly as after a poll (one claim, one X-Request-Id).
  return WATCHED.has(applied.state) || applied.state === "card_issuing" ? refreshStatus(deps, applied) : applied;
}

async function recordCard(deps: AppDeps, app: Application, finding: ReconciliationFinding, cards: Array<{ id: string; status: string }>) {
  const card = cards.find((c) => c.id === finding.detail.card_id);
  if (!card) throw new PortalError("INVALID_STATE", "The issuer no longer reports this card.");
  let current = app;
  // The issuer's card is the application's card: the same moves as an issuance the portal made itself.
  if (!current.cardId && current.state === "approved")
    current = (await move(deps, current, "claim_card", "card found at the issuer")) ?? current;
  if (!current.cardId && current.state === "card_issuing") {
    const patch = { cardId: card.id, cardStatus: card.status, cardRequestId: null, cardClaimedAt: null };
    const moved = await move(deps, current, "card_issued", "card created at the issuer recorded", patch, { card_id: card.id });
    if (moved) return moved;
  }
  await recordUpstreamCard(deps.db, current, card, deps.now());
  return (await findApplication(deps.db, app.id)) ?? current;
}

/** Fixes every open, fixable finding of a run, one after the other; answers how many were fixed and failed. */
export async function fixAll(deps: AppDeps, staff: Pick<Staff, "id" | "email" | "ip">, runId: string) {
  let fixed = 0;
  let failed = 0;
  for (const f of await listFindings(deps.db, runId)) {
    if (f.fixedAt || !FIXABLE_KINDS.has(f.kind)) continue;
    try {
      await fixFinding(deps, staff, f.id);
      fixed++;
    } catch {
      failed++;
    }
  }
  return { fixed, failed };
}
