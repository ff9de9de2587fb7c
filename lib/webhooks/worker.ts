import "server-only";
import { processDeps } from "@/lib/applications/deps";
import { startLoop, stopLoop, wakeLoop } from "@/lib/jobs/background-loop";
import { PROCESS_BATCH, processDueWebhooks } from "@/lib/webhooks/processor";

const LOOP = "webhooks.processor";
/** Safety net only: a stored event wakes the processor at once. */
const INTERVAL_MS = 1_000;

const tick = async () => ({ more: (await processDueWebhooks(await processDeps())) >= PROCESS_BATCH });

/** Started once per process at boot; on Postgres several instances share the inbox safely (SKIP LOCKED). */
export const startWebhookProcessor = (): void => startLoop(LOOP, INTERVAL_MS, tick);
export const wakeWebhookProcessor = (): void => wakeLoop(LOOP);
export const stopWebhookProcessor = (): Promise<void> => stopLoop(LOOP);
