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
 * Acknowledging comes first: while receivers of this process are storing events (one arrived in the last
 * INGEST_CALM_MS), the processor waits, up to INGEST_YIELD_MS before each event, and applies the backlog after
 * the burst (still about 5 events a second during a long one). On PGlite the statements share one connection;
 * on Postgres they share this process's CPU, which the receivers need more.
 */
export const INGEST_YIELD_MS = 200;
export const INGEST_CALM_MS = 20;

async function tick() {
  const deps = await processDeps();
  const writer = inboxWriter(deps.db);
  // PGlite answers without a macrotask turn: without a setImmediate, waiting requests would not even be read.
  const pglite = (await getDatabase()).kind === "pglite";
  const yieldToIngest = async () => {
    if (pglite) await new Promise((resolve) => setImmediate(resolve));
    await writer.quiet(INGEST_YIELD_MS, INGEST_CALM_MS);
  };
  return { more: (await processDueWebhooks(deps, { yieldToIngest, retryBaseMs: getEnv().webhook.retryBaseMs })) >= PROCESS_BATCH };
}

/** Started once per process at boot; on Postgres several instances share the inbox safely (SKIP LOCKED). */
export const startWebhookProcessor = (): void => startLoop(LOOP, INTERVAL_MS, tick);
export const wakeWebhookProcessor = (): void => wakeLoop(LOOP);
export const stopWebhookProcessor = (): Promise<void> => stopLoop(LOOP);
