import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { startLoop, stopLoop } from "@/lib/jobs/background-loop";
import { eventPass } from "@/lib/events/runner-pass";

// The outbound events' runner of this process (docs/events.md): a pass every second; one instance at a time on
// Postgres (its advisory lock). An endpoint it disables is logged (events.endpoint_disabled) and counted in the
// admins' daily digest (lib/mail/admin-digest.ts).

const LOOP = "events.delivery";
/** Events are written by other requests (and other instances): a look a second keeps delivery prompt. */
const INTERVAL_MS = 1_000;

async function tick() {
  const { db, kind } = await getDatabase();
  const { more } = await eventPass(kind, { db, keys: getKeyring(), mode: getEnv().mode, now: () => new Date() });
  return { more };
}

/** Started once per process at boot. */
export const startEventDelivery = (): void => startLoop(LOOP, INTERVAL_MS, tick);
export const stopEventDelivery = (): Promise<void> => stopLoop(LOOP);
