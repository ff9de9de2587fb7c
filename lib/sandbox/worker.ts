import "server-only";
import { getDatabase } from "@/lib/db";
import type { Database } from "@/lib/db/types";
import { startLoop, stopLoop, wakeLoop } from "@/lib/jobs/background-loop";
import { log } from "@/lib/log";
import { getSandboxConfig } from "@/lib/sandbox/config";
import { advanceDueCardholders } from "@/lib/sandbox/lifecycle";
import { DISPATCH_BATCH, dispatchDueWebhooks } from "@/lib/sandbox/webhooks/dispatcher";

/** How often the simulation clock ticks when nobody wakes it. */
export const WORKER_INTERVAL_MS = 250;

export type SandboxTickDeps = {
  db: Database;
  now: Date;
  approvalDelayMs: number;
  appUrl: string;
  webhookUrl: string;
  webhookSecret: string;
  fetchImpl?: typeof fetch;
};

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * One pass of the simulation: due KYC decisions and approvals first (they write events), then the
 * webhook deliveries. A failure of one half is logged and does not keep the other from running.
 */
export async function runSandboxTick(deps: SandboxTickDeps): Promise<{ advanced: number; dispatched: number }> {
  let advanced = 0;
  let dispatched = 0;
  try {
    advanced = await advanceDueCardholders({ db: deps.db, now: deps.now, approvalDelayMs: deps.approvalDelayMs, appUrl: deps.appUrl });
  } catch (error) {
    log.error("sandbox.lifecycle_failed", { error: message(error) });
  }
  try {
    dispatched = await dispatchDueWebhooks({
      db: deps.db,
      now: deps.now,
      url: deps.webhookUrl,
      secret: deps.webhookSecret,
      fetchImpl: deps.fetchImpl,
    });
  } catch (error) {
    log.error("sandbox.webhooks_failed", { error: message(error) });
  }
  return { advanced, dispatched };
}

const LOOP = "sandbox.worker";

/** One pass with the process's database and configuration; a full batch asks for another at once. */
const tick = async () => {
  const config = getSandboxConfig();
  const { db } = await getDatabase();
  const result = await runSandboxTick({
    db,
    now: new Date(),
    approvalDelayMs: config.approvalDelayMs,
    appUrl: config.appUrl,
    webhookUrl: config.webhookUrl,
    webhookSecret: config.webhookSecret,
  });
  return { more: result.dispatched >= DISPATCH_BATCH };
};

/** Starts the sandbox's background loop once per process; a no-op in live mode or when already running. */
export function startSandboxWorker(): void {
  if (!getSandboxConfig().enabled) return;
  startLoop(LOOP, WORKER_INTERVAL_MS, tick);
}

/** Runs a pass now (e.g. right after an event was written) instead of at the next tick. */
export const wakeSandboxWorker = (): void => wakeLoop(LOOP);

/** Stops the loop and waits for a pass in progress (tests). */
export const stopSandboxWorker = (): Promise<void> => stopLoop(LOOP);
