import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Webhooks from the issuer (lib/webhooks): the inbox, and what card authorizations left behind.

/** parked: signed but dated outside the accepted window; kept for staff, never applied, no watermark moved. */
export const WEBHOOK_STATES = ["pending", "applied", "ignored", "poisoned", "parked"] as const;

/** Every verified event, stored before it is acknowledged; `event_id` makes a redelivery a no-op. */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    /** The `timestamp` of the envelope: per cardholder, events apply in this order. */
    eventAt: timestamp("event_at", { withTimezone: true }).notNull(),
    cardholderId: text("cardholder_id"),
    /** The raw body, byte for byte as signed, sealed with the data key (0.1 kept it in clear). */
    body: text("body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    state: text("state", { enum: WEBHOOK_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
    /** Redeliveries of this event_id received after it was stored (the receiver counts them in its insert). */
    duplicates: integer("duplicates").notNull().default(0),
  },
  (t) => [
    index("webhook_inbox_due_idx").on(t.state, t.nextAttemptAt),
    index("webhook_inbox_cardholder_idx").on(t.cardholderId, t.eventAt),
    index("webhook_inbox_received_idx").on(t.receivedAt, t.eventId),
  ],
);

/**
 * What of a card_transactions row's `data` stays clear (lib/webhooks/clear-fields.ts): the spec's fields of
 * card.transaction.authorization that say nothing about the person; any other field is sealed.
 */
export const CLEAR_TRANSACTION_FIELDS = [
  "authorization_code",
  "billing_amount",
  "billing_currency",
  "card_id",
  "card_number", // masked by the issuer
  "cardholder_id",
  "fee_pass_through",
  "original_transaction_id",
  "posted_time",
  "short_transaction_id",
  "transaction_amount",
  "transaction_currency",
  "transaction_fee",
  "transaction_fee_currency",
  "transaction_id",
  "transaction_status",
  "transaction_time",
  "transaction_type",
  "wallet_type",
] as const;

/** card.transaction.authorization events, one row per transaction, for the admin view. */
export const cardTransactions = pgTable(
  "card_transactions",
  {
    transactionId: text("transaction_id").primaryKey(),
    eventId: text("event_id").notNull(),
    cardId: text("card_id").notNull(),
    cardholderId: text("cardholder_id"),
    maskedCardNumber: text("masked_card_number"),
    transactionType: text("transaction_type").notNull(),
    transactionStatus: text("transaction_status").notNull(),
    transactionAmount: text("transaction_amount").notNull(),
    transactionCurrency: text("transaction_currency").notNull(),
    billingAmount: text("billing_amount").notNull(),
    billingCurrency: text("billing_currency").notNull(),
    transactionTime: text("transaction_time").notNull(),
    /** The event's data without personal details: ids, amounts, currencies, fees, times, statuses (lib/webhooks/transaction-details.ts). */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    /** The rest (merchant, description, balance), sealed with the cardholder's data key; null once erased or past log retention. */
    detailsSealed: text("details_sealed"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("card_transactions_card_idx").on(t.cardId),
    index("card_transactions_created_idx").on(t.createdAt, t.transactionId),
    // Staff search and the transactions filter find a card by the last four digits of its masked number.
    index("card_transactions_last_four_idx").on(sql`right(${t.maskedCardNumber}, 4)`),
  ],
);

/** Requests refused for a bad signature, counted per hour; their bodies are never stored. */
export const webhookSignatureFailures = pgTable("webhook_signature_failures", {
  hour: timestamp("hour", { withTimezone: true }).primaryKey(),
  failures: integer("failures").notNull().default(0),
});

export type WebhookInboxRow = typeof webhookInbox.$inferSelect;
export type CardTransaction = typeof cardTransactions.$inferSelect;
