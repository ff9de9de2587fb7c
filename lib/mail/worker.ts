import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { startLoop, stopLoop } from "@/lib/jobs/background-loop";
import { MAIL_SENDER_LOOP } from "@/lib/mail/queue";
import { sendPass } from "@/lib/mail/sender-pass";
import { mailSettings } from "@/lib/mail/settings";
import { smtpUrlNow } from "@/lib/mail/transport";

/** Safety net: a queued message wakes the sender at once (lib/mail/queue.ts). */
const INTERVAL_MS = 2_000;

async function tick() {
  const smtpUrl = smtpUrlNow();
  if (!smtpUrl) return { more: false };
  const { db, kind } = await getDatabase();
  const { more } = await sendPass(kind, { db, keys: getKeyring(), now: () => new Date(), settings: mailSettings(), smtpUrl });
  return { more };
}

/** Started once per process at boot (unless MAIL_DISABLED=1). */
export const startMailSender = (): void => startLoop(MAIL_SENDER_LOOP, INTERVAL_MS, tick);
export const stopMailSender = (): Promise<void> => stopLoop(MAIL_SENDER_LOOP);
