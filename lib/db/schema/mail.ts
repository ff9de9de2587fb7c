import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { applications, type ApplicationState } from "@/lib/db/schema/applications";

// The mail outbox (lib/mail): every email the portal sends, written in the transaction of the event that causes it.

/** pending: to send (or retrying); sent: the server took it; failed: parked with its error; cancelled: no longer due. */
export const MAIL_STATES = ["pending", "sent", "failed", "cancelled"] as const;
export type MailState = (typeof MAIL_STATES)[number];

export const MAIL_KINDS = [
  "resume_link",
  "kyc_reminder",
  "kyc_rejected",
  "card_issued",
  "application_failed",
  "staff_link",
  "staff_invite",
  "staff_password_reset",
  "admin_digest",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    /** The application it is about (its timeline shows it); null for staff messages. */
    applicationId: text("application_id").references(() => applications.id, { onDelete: "cascade" }),
    /** The staff account it goes to (invites, resets, digests), or that asked for it ("Send to applicant", resend). */
    staffUserId: uuid("staff_user_id"),
    /** Makes an enqueue idempotent (one reminder per check, one digest per admin and day); null: always a new message. */
    dedupeKey: text("dedupe_key").unique(),
    locale: text("locale").notNull(),
    /** The subject as rendered when queued: the merchant's name and the message, never personal data. */
    subject: text("subject").notNull(),
    /** The address as staff may see it ("j•••@example.com"); the full one is only in the sealed payload. */
    recipientMasked: text("recipient_masked").notNull(),
    /** Sealed JSON `{ to, params }` (the owner's data key); emptied once sent or cancelled: links are bearer secrets. */
    payloadSealed: text("payload_sealed"),
    /** Sent only while the application is in one of these states (a reminder stops when the check finishes). */
    onlyInStates: jsonb("only_in_states").$type<ApplicationState[]>(),
    state: text("state", { enum: MAIL_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a sender until then; the final "." of the message is sent only after `sent` is committed. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    /** The SMTP server's answer or the reason it stopped: no personal data. */
    lastError: text("last_error"),
    /** "address": the server refused the recipient (5xx): staff see the address as invalid or bouncing. */
    failure: text("failure", { enum: ["address", "server", "content", "erased"] }),
    messageId: text("message_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("mail_outbox_due_idx").on(t.state, t.nextAttemptAt),
    index("mail_outbox_app_idx").on(t.applicationId, t.createdAt),
    index("mail_outbox_created_idx").on(t.createdAt, t.id),
    // The outbox page's tabs: a rare state (pending, failed) among a million sent ones is found without a scan.
    index("mail_outbox_state_created_idx").on(t.state, t.createdAt, t.id),
  ],
);

export type MailRow = typeof mailOutbox.$inferSelect;
export type NewMailRow = typeof mailOutbox.$inferInsert;
