import "server-only";
import { getKeyring } from "@/lib/crypto/generated-secrets";
import { getDatabase } from "@/lib/db";
import { getEnv } from "@/lib/env";
import { startLoop } from "@/lib/jobs/background-loop";
import { log } from "@/lib/log";
import { queueAdminDigests } from "@/lib/mail/admin-digest";
import { digestDueDay } from "@/lib/mail/digest-time";
import { mailSettings } from "@/lib/mail/settings";

const LOOP = "mail.admin_digest";
const INTERVAL_MS = 60_000;
/** The last UTC day this process queued for: a cache that spares the counts; the outbox's dedupe key is the rule. */
let doneDay: string | undefined;

async function tick() {
  const now = new Date();
  const hour = getEnv().mail.digestHour;
  const due = digestDueDay(now, hour);
  if (!due || due === doneDay) return { more: false };
  const { db } = await getDatabase();
  const { day, queued } = await queueAdminDigests({ db, keys: getKeyring(), mail: mailSettings(), hour }, now);
  if (queued > 0) log.info("mail.admin_digest_queued", { day, queued });
  doneDay = day;
  return { more: false };
}

/** Started at boot when ADMIN_DIGEST_HOUR is set and mail is on. */
export function startAdminDigest(): void {
  const env = getEnv();
  if (env.mail.disabled || env.mail.digestHour === undefined) return;
  startLoop(LOOP, INTERVAL_MS, tick);
}
