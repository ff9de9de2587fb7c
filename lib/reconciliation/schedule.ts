import "server-only";
import { processDeps } from "@/lib/applications/deps";
import { getEnv } from "@/lib/env";
import { startLoop } from "@/lib/jobs/background-loop";
import { log } from "@/lib/log";
import { runReconciliation } from "@/lib/reconciliation/run";

const LOOP = "reconciliation";
/** The loop wakes this often and asks the runs table whether a run is due (so several instances share one schedule). */
const WAKE_MS = 60_000;
/** Not in the first minute of a process: the embedded sandbox answers on the same port once the server listens. */
const FIRST_DELAY_MS = 60_000;
let startedAt = 0;

async function tick() {
  if (Date.now() - startedAt < FIRST_DELAY_MS) return { more: false };
  const deps = await processDeps();
  const outcome = await runReconciliation(deps, { trigger: "schedule", intervalMs: getEnv().reconcileIntervalMs });
  if (outcome.ran) {
    const { id, error, partial, unknownCardholders, laggingStates, unrecordedCards, missingCardholders, missingCards } = outcome.run;
    const counts = { unknownCardholders, laggingStates, unrecordedCards, missingCardholders, missingCards };
    if (error) log.error("reconciliation.failed", { run: id, error });
    else if (partial) log.warn("reconciliation.partial", { run: id, partial, ...counts });
    else log.info("reconciliation.finished", { run: id, ...counts });
  }
  return { more: false };
}

export function startReconciliation(): void {
  startedAt = Date.now();
  startLoop(LOOP, Math.min(WAKE_MS, getEnv().reconcileIntervalMs), tick);
}
