import "server-only";
import { processDeps } from "@/lib/applications/deps";
import { queueKycReminders } from "@/lib/applications/kyc-reminders";
import { getEnv } from "@/lib/env";
import { startLoop } from "@/lib/jobs/background-loop";
import { log } from "@/lib/log";

const LOOP = "mail.reminders";
/** Reminders are due by the hour: a look a minute keeps them prompt (each look is two indexed queries). */
const INTERVAL_MS = 60_000;

async function tick() {
  const queued = await queueKycReminders(await processDeps(), getEnv().mail.kycReminderHours);
  if (queued > 0) log.info("mail.reminders_queued", { queued });
  return { more: false };
}

/** Started once per process at boot (unless MAIL_DISABLED=1); safe on several instances (dedupe keys, row locks). */
export const startReminders = (): void => startLoop(LOOP, INTERVAL_MS, tick);
