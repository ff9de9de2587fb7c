import "server-only";
import type { Keyring } from "@/lib/crypto/secret-box";
import { attentionCounts } from "@/lib/db/dashboard";
import { countEndpointsDisabledByFailures } from "@/lib/db/event-endpoints";
import { countOutbox } from "@/lib/db/mail-outbox";
import { listActiveAdmins } from "@/lib/db/staff-users";
import type { Database } from "@/lib/db/types";
import { countPoisonedEvents } from "@/lib/db/webhook-inspector";
import { digestDedupeKey, digestDueDay } from "@/lib/mail/digest-time";
import { queueMail } from "@/lib/mail/queue";
import type { MailSettings } from "@/lib/mail/settings";

// The admins' daily email: what needs attention, counted as the dashboard counts it, with a link to the queue
// filtered the same way. Queued once per admin and UTC day by its dedupe key, on any number of instances.

export type DigestDeps = { db: Database; keys: Keyring; mail: MailSettings; hour: number | undefined };

/** The work queue showing what the digest counts (its "needs attention" filter, lib/admin/queue/list.ts). */
export const attentionQueueUrl = (appUrl: string) => `${appUrl}/admin/applications?attention=1`;

/**
 * Queues today's digest for every enabled admin with an address, if its hour has come; answers the day it was due
 * (undefined: not yet) and how many were queued now (0 once done, by this or another instance).
 */
export async function queueAdminDigests(deps: DigestDeps, now: Date): Promise<{ day: string | undefined; queued: number }> {
  const day = digestDueDay(now, deps.hour);
  if (!day || deps.hour === undefined || !deps.mail.enabled) return { day: undefined, queued: 0 };
  const admins = (await listActiveAdmins(deps.db)).filter((a) => a.email.includes("@"));
  if (admins.length === 0) return { day, queued: 0 };
  const [attention, outbox, poisoned, disabledEndpoints] = await Promise.all([
    attentionCounts(deps.db, now),
    countOutbox(deps.db),
    countPoisonedEvents(deps.db),
    // Staff are told of an endpoint the event runner turned off (lib/events/runner.ts) here, once a day.
    countEndpointsDisabledByFailures(deps.db),
  ]);
  const params = {
    at: now.toISOString(),
    hour: deps.hour,
    attention: attention.total,
    failedMail: outbox.failed,
    poisonedWebhooks: poisoned,
    disabledEndpoints,
    queueUrl: attentionQueueUrl(deps.mail.appUrl),
  };
  let queued = 0;
  for (const admin of admins) {
    const row = await queueMail(
      deps.db,
      deps.mail,
      // Staff accounts keep no language of their own: English.
      {
        kind: "admin_digest",
        locale: "en",
        to: admin.email,
        ring: deps.keys,
        staffUserId: admin.id,
        dedupeKey: digestDedupeKey(day, admin.id),
        params,
      },
      now,
    );
    if (row) queued += 1;
  }
  return { day, queued };
}
