import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { tryTransactionLock } from "@/lib/db/retention";
import { startLoop, stopLoop } from "@/lib/jobs/background-loop";
import { MAIL_SENDER_LOOP } from "@/lib/mail/queue";
import { MAIL_BATCH, sendDueMail } from "@/lib/mail/sender";
import { mailSettings } from "@/lib/mail/settings";
import { smtpUrlNow } from "@/lib/mail/transport";

/** Safety net: a queued message wakes the sender at once (lib/mail/queue.ts). */
const INTERVAL_MS = 2_000;
/** The advisory lock of the sender: one instance sends at a time on Postgres. */
const SENDER_LOCK = 7_240_126;

async function tick() {
  const smtpUrl = smtpUrlNow();
  if (!smtpUrl) return { more: false };
  const { db, kind } = await getDatabase();
  const deps = { db, keys: getKeyring(), now: () => new Date(), settings: mailSettings(), smtpUrl };
  if (kind === "pglite") return { more: (await sendDueMail(deps)) >= MAIL_BATCH };
  // The lock's transaction only holds the lock; each message's writes commit on their own (before its final ".").
  return db.transaction(async (lock) => {
    if (!(await tryTransactionLock(lock, SENDER_LOCK))) return { more: false };
    return { more: (await sendDueMail(deps)) >= MAIL_BATCH };
  });
}

/** Started once per process at boot (unless MAIL_DISABLED=1). */
export const startMailSender = (): void => startLoop(MAIL_SENDER_LOOP, INTERVAL_MS, tick);
export const stopMailSender = (): Promise<void> => stopLoop(MAIL_SENDER_LOOP);
