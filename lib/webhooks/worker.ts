import "server-only";
import { processDeps } from "@/lib/applications/deps";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { startLoop, stopLoop, wakeLoop } from "@/lib/jobs/background-loop";
import { inboxWriter } from "@/lib/webhooks/inbox-writer";
import { PROCESS_BATCH, processDueWebhooks } from "@/lib/webhooks/processor";

const LOOP = "webhooks.processor";
/** Safety net only: a stored event wakes the processor at once. */
const INTERVAL_MS = 1_000;

/**
 * PGlite runs every statement of the process on one connection: while receivers are storing events, the
 * processor waits up to this long before each event, so acknowledging comes first and applying catches up
 * after the burst (still at least 10 events a second during it: each costs two commits, ~10 ms on PGlite).
 * Postgres has a pool: no wait there.
 */
export const INGEST_YIELD_MS = 100;

async function tick() {
  const deps = await processDeps();
  const writer = inboxWriter(deps.db);
  // PGlite answers without a macrotask turn: without a setImmediate, waiting requests would not even be read.
  const yieldToIngest =
    (await getDatabase()).kind === "pglite"
      ? async () => {
          await new Promise((resolve) => setImmediate(resolve));
          await writer.quiet(INGEST_YIELD_MS);
        }
      : undefined;
  return { more: (await processDueWebhooks(deps, { yieldToIngest, retryBaseMs: getEnv().webhook.retryBaseMs })) >= PROCESS_BATCH };
}

/** Started once per process at boot; on Postgres several instances share the inbox safely (SKIP LOCKED). */
export const startWebhookProcessor = (): void => startLoop(LOOP, INTERVAL_MS, tick);
export const wakeWebhookProcessor = (): void => wakeLoop(LOOP);
export const stopWebhookProcessor = (): Promise<void> => stopLoop(LOOP);
