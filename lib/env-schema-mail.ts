import { email, httpUrl, intInRange, mailbox, oneOf, smtpUrl } from "@/lib/env-validators";
import { optional, withDefault, type Setting } from "@/lib/env-setting";

// The email settings (docs/email.md), one entry each; lib/env-schema.ts spreads them in their place in ENV.

export const MAIL_ENV = {
  SMTP_URL: optional(smtpUrl, {
    group: "mail",
    secret: true,
    defaultDoc: "sandbox: the embedded mail catcher on loopback (`/sandbox/mail`); live: required unless `MAIL_DISABLED=1`",
    example: "smtps://apikey:secret@smtp.example.com:465",
    description:
      "the SMTP server every email goes through: `smtp://user:pass@host:port` (STARTTLS when offered) or `smtps://` (TLS from the start); user and password percent-encoded",
  }),
  MAIL_FROM: optional(mailbox, {
    group: "mail",
    modeDefault: { sandbox: "Card portal (sandbox) <cards@example.com>" },
    example: "Example Cards <cards@example.com>",
    description:
      "sender of every email, `Name <address>`; the name is how emails name the merchant. Live: required unless `MAIL_DISABLED=1`",
  }),
  MAIL_DISABLED: optional(oneOf(["0", "1"], "must be 1 (or 0)"), {
    group: "mail",
    example: "1",
    description:
      "`1`: send no email on purpose (live mode then starts without `SMTP_URL`); messages stay unqueued, staff copy links by hand, applicants are not offered email",
  }),
  KYC_REMINDER_HOURS: withDefault(intInRange(1, 24 * 30), 24, {
    group: "mail",
    description:
      "hours after an identity check started without a result before the applicant is reminded (a fresh link); once more three days after it started",
  }),
  ADMIN_DIGEST_HOUR: optional(intInRange(0, 23), {
    group: "mail",
    defaultDoc: "unset: no digest",
    example: "7",
    description: "hour of the day (0-23, UTC) at which admins get an email of what needs attention, linking to the filtered queue",
  }),
  SUPPORT_URL: optional(httpUrl(false), {
    group: "mail",
    example: "https://merchant.example/help",
    description: "the merchant's support page, shown to applicants where they are told to contact the merchant, and in emails",
  }),
  SUPPORT_EMAIL: optional(email, {
    group: "mail",
    example: "help@merchant.example",
    description: "the merchant's support address, shown beside `SUPPORT_URL` (or alone)",
  }),
} satisfies Record<string, Setting>;
