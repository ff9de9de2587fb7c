import "server-only";
import { lockApplication, patchApplication } from "@/lib/db/applications";
import { applicationsToRemind, mailQueuedUnder } from "@/lib/db/mail-outbox";
import { queueMail } from "@/lib/mail/queue";
import { freshResumeLink } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { recipientOf } from "@/lib/applications/mail";
import { sealingKeys } from "@/lib/applications/keys";

// Reminders to an applicant whose identity check is still pending: the first KYC_REMINDER_HOURS after the check
// started, the second three days after it (or a day after the first, if later). Each goes once (its dedupe key),
// with a fresh one-time link, and is not sent if the check finished before the sender got to it.

const HOUR_MS = 3_600_000;
const BATCH = 50;
/** A reminder not sent within two days of its time (the portal was down) is dropped: the next one, or none, is due. */
export const REMINDER_LATE_LIMIT_MS = 48 * HOUR_MS;

/** When each reminder is due, counted from the submission that started the check. */
export function reminderDelaysMs(firstHours: number): [number, number] {
  return [firstHours * HOUR_MS, Math.max(72, firstHours + 24) * HOUR_MS];
}

/** Queues the reminders that are due; answers how many. */
export async function queueKycReminders(deps: AppDeps, firstHours: number): Promise<number> {
  if (!deps.mail?.enabled) return 0;
  let queued = 0;
  const delays = reminderDelaysMs(firstHours);
  for (const [index, delay] of delays.entries()) {
    const prefix = `kyc_reminder:${index + 1}:`;
    const before = new Date(deps.now().getTime() - delay);
    const after = new Date(before.getTime() - REMINDER_LATE_LIMIT_MS);
    const due = await applicationsToRemind(deps.db, prefix, { after, before }, BATCH);
    for (const id of due) if (await remind(deps, id, prefix, index === delays.length - 1)) queued++;
  }
  return queued;
}

async function remind(deps: AppDeps, id: string, prefix: string, last: boolean): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const d = { ...deps, db: tx };
    // Under the row's lock: another instance that reminded first has committed its message, and its link stays valid.
    const app = await lockApplication(tx, id);
    if (!app || app.state !== "kyc_pending" || app.erasedAt || (await mailQueuedUnder(tx, `${prefix}${id}`))) return false;
    const recipient = await recipientOf(d, app);
    if (!recipient) return false;
    const ring = await sealingKeys(d, app.id);
    const fresh = freshResumeLink(d, ring);
    // A fresh link (14 days): the one given at the start may have expired or be lost; the reminder's is the current one.
    await patchApplication(tx, app.id, fresh.columns, ["kyc_pending"]);
    const row = await queueMail(
      tx,
      deps.mail,
      {
        ...recipient,
        kind: "kyc_reminder",
        ring,
        applicationId: app.id,
        dedupeKey: `${prefix}${app.id}`,
        onlyInStates: ["kyc_pending"],
        params: { link: `${deps.appUrl}/apply/resume/${fresh.token}`, expires: fresh.columns.resumeExpiresAt.toISOString(), last },
      },
      deps.now(),
    );
    return Boolean(row);
  });
}
