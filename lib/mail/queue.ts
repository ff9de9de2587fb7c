import "server-only";
import { seal, type Keyring } from "@/lib/crypto/secret-box";
import { insertMail } from "@/lib/db/mail-outbox";
import type { ApplicationState, MailKind, MailRow } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { wakeLoop } from "@/lib/jobs/background-loop";
import { maskEmail } from "@/lib/mail/mask";
import type { MailInput } from "@/lib/mail/messages";
import { subjectOf } from "@/lib/mail/render";
import type { MailSettings } from "@/lib/mail/settings";

// Queuing a message: one row in the outbox, written with the caller's database handle, so inside its transaction
// the message exists exactly when the event that causes it does. The sender loop delivers it.

export const MAIL_SENDER_LOOP = "mail.sender";

export type QueueMail<K extends MailKind> = MailInput<K> & {
  to: string;
  /** Seals the recipient and the parameters (links): the application's data key, or DATA_ENCRYPTION_KEY for staff. */
  ring: Keyring;
  applicationId?: string;
  staffUserId?: string;
  dedupeKey?: string;
  onlyInStates?: ApplicationState[];
};

/** Queues one message; answers undefined when mail is disabled or the dedupe key was used already. */
export async function queueMail<K extends MailKind>(
  db: Database,
  settings: MailSettings | undefined,
  mail: QueueMail<K>,
  now: Date,
): Promise<MailRow | undefined> {
  if (!settings?.enabled) return undefined;
  const row = await insertMail(db, {
    kind: mail.kind,
    applicationId: mail.applicationId ?? null,
    staffUserId: mail.staffUserId ?? null,
    dedupeKey: mail.dedupeKey ?? null,
    locale: mail.locale,
    subject: subjectOf(mail, settings.ctx),
    recipientMasked: maskEmail(mail.to),
    payloadSealed: seal(JSON.stringify({ to: mail.to, params: mail.params }), mail.ring),
    onlyInStates: mail.onlyInStates ?? null,
    nextAttemptAt: now,
    createdAt: now,
    updatedAt: now,
  });
  // Inside a transaction the row is not visible yet; the sender looks again at its next interval anyway.
  if (row) setImmediate(() => wakeLoop(MAIL_SENDER_LOOP));
  return row;
}
