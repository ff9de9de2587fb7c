import "server-only";
import { z } from "zod";
import { APPLICATION_ID } from "@/lib/applications/application-id";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { decodeCursor, encodeCursor } from "@/lib/db/keyset";
import { countOutboxUpTo, findMail, listOutbox, requeueFailedMail, type MailListRow } from "@/lib/db/mail-outbox";
import { MAIL_STATES } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { PortalError } from "@/lib/errors";
import { wakeLoop } from "@/lib/jobs/background-loop";
import { MAIL_SENDER_LOOP } from "@/lib/mail/queue";
import { mailSettings } from "@/lib/mail/settings";

// The staff outbox page: every email the portal queued, newest first, by state (tabs with counts), keyset pages;
// recipients masked, never an address or a link. A failed email can be sent again ("Resend", audited).

export { MAIL_STATES };
export type { MailListRow };

export const MAIL_PAGE_SIZE = 50;
/** Tabs count up to this many messages, then say "10,000+". */
export const MAIL_COUNT_CAP = 10_000;

export const mailParamsSchema = z.object({
  state: z.enum(MAIL_STATES).optional().catch(undefined),
  after: z.string().max(300).optional().catch(undefined),
  /** One application's emails (linked from its page); anything else is ignored. */
  application: z.string().regex(APPLICATION_ID).optional().catch(undefined),
});
export type MailParams = z.infer<typeof mailParamsSchema>;

/** One page of the outbox under the URL's state, the cursor of the next one, and each state's count up to `cap`. */
export async function mailPage(db: Database, p: MailParams, size = MAIL_PAGE_SIZE, cap = MAIL_COUNT_CAP) {
  const [found, counts] = await Promise.all([
    listOutbox(db, p.state, decodeCursor(p.after), size + 1, p.application),
    countOutboxUpTo(db, cap, p.application),
  ]);
  const rows = found.slice(0, size);
  const last = rows.at(-1);
  const next = found.length > size && last ? encodeCursor({ at: last.createdAt, id: last.id }) : undefined;
  return { rows, next, counts, cap };
}

/** The page's data, and whether mail is on (off: nothing is sent, so "Resend" is not offered). */
export const mailOverview = async (p: MailParams) => ({ ...(await mailPage(await getDb(), p)), enabled: mailSettings().enabled });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Puts a failed email back in the queue (tried at once, attempts from zero) and wakes the sender; audited with
 * what it was and why it had failed. Refused for any other state, and while mail is off (nothing would send it).
 */
export async function resendMail(
  staff: Pick<Staff, "id" | "email" | "ip">,
  id: string,
  db?: Database,
  now = new Date(),
  enabled?: boolean,
) {
  const database = db ?? (await getDb());
  const row = UUID.test(id) ? await findMail(database, id) : undefined;
  if (!row) throw new PortalError("NOT_FOUND", "No such email.");
  if (!(enabled ?? mailSettings().enabled)) throw new PortalError("INVALID_STATE", "Email is off in this portal: nothing would send it.");
  if (row.state !== "failed" || !row.payloadSealed) throw new PortalError("INVALID_STATE", "Only a failed email can be sent again.");
  await database.transaction(async (tx) => {
    if (!(await requeueFailedMail(tx, row.id, now)))
      throw new PortalError("INVALID_STATE", "The email changed meanwhile; reload the page.");
    const detail = { kind: row.kind, attempts: row.attempts, failure: row.failure };
    await recordStaffAction(tx, staff, "mail.resent", { applicationId: row.applicationId ?? undefined, target: row.id, detail }, now);
  });
  wakeLoop(MAIL_SENDER_LOOP);
  return { ok: true as const, state: "pending" as const };
}
