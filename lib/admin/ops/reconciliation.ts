import "server-only";
import { z } from "zod";
import { recordStaffAction } from "@/lib/audit/record";
import { processDeps } from "@/lib/applications/deps";
import type { Staff } from "@/lib/auth/current-staff";
import { findRun, listFindings, listRuns } from "@/lib/db/reconciliation";
import { PortalError } from "@/lib/errors";
import { isIssuerError } from "@/lib/issuer/errors";
import { MAX_PAGES, PAGE_SIZE } from "@/lib/issuer/resources/cardholder-list";
import { fixAll, fixFinding } from "@/lib/reconciliation/fix";
import { runReconciliation } from "@/lib/reconciliation/run";

export type { ReconciliationFinding, ReconciliationRun } from "@/lib/db/schema";
export { FIXABLE_KINDS } from "@/lib/reconciliation/compare";

// The staff side of reconciliation (/admin/reconciliation): the reports, a run on demand, fixes. Each audited.

export const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const runParams = z.object({ id: z.string().regex(RUN_ID) });
export const findingParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
const OLDER_RUNS = 20;
/** The most cardholders one run reads from the issuer; beyond it the run is marked partial. */
export const MAX_CARDHOLDERS_PER_RUN = MAX_PAGES * PAGE_SIZE;

/** The run to show (the chosen one, else the latest), its findings, and the runs before it. */
export async function reconciliationReport(chosen: string | undefined) {
  const { db } = await processDeps();
  const runs = await listRuns(db, OLDER_RUNS + 1);
  const run = chosen && RUN_ID.test(chosen) ? ((await findRun(db, chosen)) ?? runs[0]) : runs[0];
  return { run, findings: run ? await listFindings(db, run.id) : [], runs };
}

/** Runs now (unless one is under way); the run is audited with its counts. */
export async function runByStaff(staff: Staff) {
  const deps = await processDeps();
  const outcome = await runReconciliation(deps, { trigger: "manual", staff });
  if (!outcome.ran) throw new PortalError("INVALID_STATE", "A reconciliation is running already. Wait for it to finish.");
  const { id, error, partial, unknownCardholders, laggingStates, unrecordedCards, missingCardholders, missingCards } = outcome.run;
  const counts = { unknownCardholders, laggingStates, unrecordedCards, missingCardholders, missingCards };
  await recordStaffAction(deps.db, staff, "reconciliation.run", {
    target: id,
    detail: { run_id: id, failed: error !== null, partial: partial !== null, ...counts },
  });
  return { run: { id, error, partial, ...counts } };
}

/** The issuer could not be reached or refused: said plainly, in the portal's error shape. */
function upstream<T>(work: Promise<T>): Promise<T> {
  return work.catch((error: unknown) => {
    if (isIssuerError(error)) throw new PortalError("UPSTREAM_UNAVAILABLE", "The card issuer could not be reached. Try again later.");
    throw error;
  });
}

export async function fixByStaff(staff: Staff, findingId: number) {
  const app = await upstream(fixFinding(await processDeps(), staff, findingId));
  return { applicationId: app.id, state: app.state };
}

export async function fixAllByStaff(staff: Staff, runId: string) {
  const deps = await processDeps();
  if (!(await findRun(deps.db, runId))) throw new PortalError("NOT_FOUND", "No such reconciliation run.");
  return fixAll(deps, staff, runId);
}
