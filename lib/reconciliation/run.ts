import "server-only";
import type { AppDeps } from "@/lib/applications/deps";
import { claimRun, finishRun, listReconcilableApplications } from "@/lib/db/reconciliation";
import type { ReconciliationRun } from "@/lib/db/schema";
import { listAllCardholders, MAX_PAGES, PAGE_SIZE } from "@/lib/issuer/resources/cardholder-list";
import { compare, countFindings } from "@/lib/reconciliation/compare";

/** A run not finished after this long is taken as crashed: another may start. */
export const RUN_LEASE_MS = 15 * 60_000;

export type RunOutcome = { ran: true; run: ReconciliationRun } | { ran: false; reason: "busy" | "not_due" };
export type RunBy = { trigger: "manual"; staff: { id: string; email: string } } | { trigger: "schedule"; intervalMs: number };

/**
 * One reconciliation: every page of the issuer's cardholder list (at most `limits.maxPages`) against the applications
 * that reached it, both ways. Failed (nothing read), partial (cut short: `partial` says why) or complete.
 * The findings are kept as a report; nothing is changed (fixes are separate, lib/reconciliation/fix.ts).
 */
export async function runReconciliation(
  deps: AppDeps,
  by: RunBy,
  limits = { pageSize: PAGE_SIZE, maxPages: MAX_PAGES },
): Promise<RunOutcome> {
  const claim = await claimRun(
    deps.db,
    {
      trigger: by.trigger,
      staffId: by.trigger === "manual" ? by.staff.id : null,
      staffEmail: by.trigger === "manual" ? by.staff.email : null,
      now: deps.now(),
    },
    { leaseMs: RUN_LEASE_MS, minGapMs: by.trigger === "schedule" ? by.intervalMs : null },
  );
  if (claim === "busy" || claim === "not_due") return { ran: false, reason: claim };
  try {
    // The portal is read after the issuer: an application submitted meanwhile is then known, not "unknown",
    // and compare() does not call it missing upstream either (it reached the issuer after the list was read).
    const startedAt = deps.now();
    const issuer = await listAllCardholders(deps.issuer, limits.pageSize, limits.maxPages);
    const portal = await listReconcilableApplications(deps.db);
    const findings = compare(portal, issuer.items, { complete: issuer.partial === null, startedAt });
    const counts = {
      cardholdersSeen: issuer.items.length,
      applicationsSeen: portal.length,
      issuerTotal: issuer.total,
      partial: issuer.partial,
      ...countFindings(findings),
    };
    await finishRun(deps.db, claim.id, deps.now(), { counts, findings });
    return { ran: true, run: { ...claim, ...counts, finishedAt: deps.now() } };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await finishRun(deps.db, claim.id, deps.now(), { error: message });
    return { ran: true, run: { ...claim, finishedAt: deps.now(), error: message } };
  }
}
