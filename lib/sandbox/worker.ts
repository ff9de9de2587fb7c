import "server-only";
import { getDatabase } from "@/lib/db";
import type { Database } from "@/lib/db/types";
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

type WorkerState = {
  timer: ReturnType<typeof setTimeout> | undefined;
  running: Promise<void> | undefined;
  /** Woken during a run: run again right after it. */
  again: boolean;
  stopped: boolean;
};

// On globalThis: one loop per process, even when dev-mode reloads evaluate this module again.
const holder = globalThis as typeof globalThis & { __sandboxWorker?: WorkerState };

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

/** Starts the sandbox's background loop once per process; a no-op in live mode or when already running. */
export function startSandboxWorker(): void {
  if (holder.__sandboxWorker) return;
  if (!getSandboxConfig().enabled) return;
  const state: WorkerState = { timer: undefined, running: undefined, again: false, stopped: false };
  holder.__sandboxWorker = state;
  schedule(state, 0);
}

/** Runs a pass now (e.g. right after an event was written) instead of at the next tick. */
export function wakeSandboxWorker(): void {
  const state = holder.__sandboxWorker;
  if (!state || state.stopped) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}

/** Stops the loop and waits for a pass in progress (tests). */
export async function stopSandboxWorker(): Promise<void> {
  const state = holder.__sandboxWorker;
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  holder.__sandboxWorker = undefined;
  await state.running;
}

function schedule(state: WorkerState, delayMs: number) {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => void loop(state), delayMs);
  // The loop alone must never keep the process alive (tests, graceful shutdown).
  state.timer.unref();
}

async function loop(state: WorkerState) {
  state.timer = undefined;
  if (state.stopped) return;
  if (state.running) {
    state.again = true;
    return;
  }
  let backlog = false;
  state.running = (async () => {
    try {
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
      // A full batch means more may be due: go on without waiting for the next tick.
      backlog = result.dispatched >= DISPATCH_BATCH;
    } catch (error) {
      log.error("sandbox.worker_failed", { error: message(error) });
    }
  })();
  await state.running;
  state.running = undefined;
  const again = state.again || backlog;
  state.again = false;
  schedule(state, again ? 0 : WORKER_INTERVAL_MS);
}
