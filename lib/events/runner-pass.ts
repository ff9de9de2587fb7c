import "server-only";
import { tryTransactionLock } from "@/lib/db/retention";
import type { DbHandle } from "@/lib/db/types";
import { deliverDueEvents, EVENT_BATCH, type RunnerDeps } from "@/lib/events/runner";

// One pass of an instance's event runner (lib/jobs/event-delivery.ts runs it in its loop; the tests call it).

/** The advisory lock of the event runner: one instance delivers at a time on Postgres. */
export const EVENT_RUNNER_LOCK = 7_240_131;

/** Delivers a batch; answers whether more may be due at once, and `locked` false when another instance holds the lock. */
export async function eventPass(kind: DbHandle["kind"], deps: RunnerDeps): Promise<{ more: boolean; locked: boolean }> {
  if (kind === "pglite") return { more: (await deliverDueEvents(deps)) >= EVENT_BATCH, locked: true };
  // The lock's transaction only holds the lock: each outcome commits on its own, as soon as it is known.
  return deps.db.transaction(async (lock) => {
    if (!(await tryTransactionLock(lock, EVENT_RUNNER_LOCK))) return { more: false, locked: false };
    return { more: (await deliverDueEvents(deps)) >= EVENT_BATCH, locked: true };
  });
}
