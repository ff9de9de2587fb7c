import "server-only";
import type { NewApplication, NewMailRow } from "@/lib/db/schema";
import { maskEmail } from "@/lib/mail/mask";

// The emails a seeded application would have had (bench/admin.mjs measures the outbox page and the reminders' query
// at scale): its ending's email, both identity-check reminders once due, a resume link for one draft in ten.

const HOUR_MS = 3_600_000;
const SUBJECT: Record<NewMailRow["kind"], string> = {
  resume_link: "Your link to continue your application",
  kyc_reminder: "Finish your identity check",
  kyc_rejected: "We could not verify your identity",
  card_issued: "Your card is ready",
  application_failed: "Your application could not be completed",
  staff_link: "A link to continue your application",
  staff_invite: "You are invited to the staff area",
  staff_password_reset: "Reset your password",
  admin_digest: "Applications that need attention",
};

/** The seeded rows of one application (`n` its seed number, `email` its address); sent, one in 13 endings failed. */
export function seededMailOf(app: NewApplication & { id: string }, email: string, n: number, now: Date): NewMailRow[] {
  const at = (d: Date | null | undefined) => d ?? app.createdAt ?? now;
  const row = (kind: NewMailRow["kind"], createdAt: Date, dedupeKey?: string): NewMailRow => {
    const failed = kind !== "kyc_reminder" && n % 13 === 0;
    return {
      kind,
      applicationId: app.id,
      dedupeKey,
      locale: "en",
      subject: SUBJECT[kind],
      recipientMasked: maskEmail(email),
      state: failed ? "failed" : "sent",
      attempts: 1,
      failure: failed ? "address" : undefined,
      lastError: failed ? "550 5.1.1 The mailbox does not exist" : undefined,
      nextAttemptAt: createdAt,
      createdAt,
      sentAt: failed ? undefined : createdAt,
      updatedAt: createdAt,
    };
  };
  const ended = at(app.updatedAt);
  switch (app.state) {
    case "draft":
      return n % 10 === 0 ? [row("resume_link", at(app.createdAt))] : [];
    case "kyc_pending": {
      const submitted = at(app.submittedAt).getTime();
      return [24, 72]
        .filter((h) => submitted + h * HOUR_MS <= now.getTime())
        .map((h, i) => row("kyc_reminder", new Date(submitted + h * HOUR_MS), `kyc_reminder:${i + 1}:${app.id}`));
    }
    case "kyc_rejected":
      return [row("kyc_rejected", ended)];
    case "card_issued":
      return [row("card_issued", ended)];
    case "failed":
      return [row("application_failed", ended)];
    default:
      return [];
  }
}
