import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// The portal's schema (the sandbox keeps its own in lib/sandbox/schema.ts). Migrations beside it are generated
// with `npm run db:generate` and applied by the app at start (lib/db/open.ts).

export const staffUsers = pgTable("staff_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  /** scrypt, in the form `scrypt$N$r$p$salt$hash` (lib/auth/password.ts). */
  passwordHash: text("password_hash").notNull(),
  role: text("role", { enum: ["admin", "staff"] })
    .notNull()
    .default("staff"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type StaffUser = typeof staffUsers.$inferSelect;
export type NewStaffUser = typeof staffUsers.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Onboarding applications (lib/applications) and the upstream request log (lib/issuer).

export const APPLICATION_STATES = [
  "draft",
  "submitted",
  "kyc_pending",
  "kyc_rejected",
  "approved",
  "card_issuing",
  "card_issued",
  "failed",
] as const;
export type ApplicationState = (typeof APPLICATION_STATES)[number];

export const applications = pgTable(
  "applications",
  {
    /** Random and unguessable (newApplicationId in lib/applications/deps.ts); a wrong id is simply not found. */
    id: text("id").primaryKey(),
    productId: text("product_id").notNull(),
    kycLevel: text("kyc_level").notNull(),
    /** REDIRECT_LINK for products that need KYC; null for the basic (Simplified) flow. */
    kycMethod: text("kyc_method", { enum: ["REDIRECT_LINK", "THIRD_PARTY"] }),
    state: text("state", { enum: APPLICATION_STATES }).notNull().default("draft"),
    /** The cardholder's answers, AES-256-GCM encrypted as one JSON document (lib/crypto/secret-box.ts). */
    draftCiphertext: text("draft_ciphertext").notNull(),
    locale: text("locale"),
    /** sha256 of the httpOnly cookie that binds the application to the browser that started it. */
    bindingHash: text("binding_hash").notNull(),
    resumeHash: text("resume_hash").notNull().unique(),
    resumeExpiresAt: timestamp("resume_expires_at", { withTimezone: true }).notNull(),
    /** The resume token itself, sealed like the draft, so the owner can be shown the link again. */
    resumeTokenCiphertext: text("resume_token_ciphertext"),
    cardholderId: text("cardholder_id").unique(),
    /** Stored before the create call, so that a retry after a lost answer is the same request. */
    cardholderRequestId: text("cardholder_request_id"),
    cardRequestId: text("card_request_id"),
    cardId: text("card_id"),
    cardStatus: text("card_status"),
    cardClaimedAt: timestamp("card_claimed_at", { withTimezone: true }),
    kycUrl: text("kyc_url"),
    kycExpiresAt: timestamp("kyc_expires_at", { withTimezone: true }),
    upstreamStatus: text("upstream_status"),
    /** Timestamp of the newest cardholder event applied: an older event never moves the state back. */
    upstreamEventAt: timestamp("upstream_event_at", { withTimezone: true }),
    upstreamKycStatus: text("upstream_kyc_status"),
    statusCheckedAt: timestamp("status_checked_at", { withTimezone: true }),
    failureCode: text("failure_code"),
    failureMessage: text("failure_message"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("applications_state_idx").on(t.state, t.updatedAt)],
);

/** The timeline: one row per state transition (and notable steps), never updated. */
export const applicationEvents = pgTable(
  "application_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    fromState: text("from_state", { enum: APPLICATION_STATES }),
    toState: text("to_state", { enum: APPLICATION_STATES }).notNull(),
    reason: text("reason").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_events_app_idx").on(t.applicationId, t.id)],
);

/** Upstream file ids bound to the application that uploaded them: nobody can reference another's file. */
export const applicationFiles = pgTable(
  "application_files",
  {
    fileId: text("file_id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    fileName: text("file_name").notNull(),
    fileType: text("file_type").notNull(),
    size: integer("size").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_files_app_idx").on(t.applicationId)],
);

/** One row per upstream call attempt, with a redacted request body (databaseAudit in lib/issuer/index.ts). */
export const upstreamRequests = pgTable(
  "upstream_requests",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    requestId: text("request_id").notNull(),
    attempt: integer("attempt").notNull(),
    httpStatus: integer("http_status"),
    errorCode: text("error_code"),
    durationMs: integer("duration_ms").notNull(),
    requestBody: jsonb("request_body"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("upstream_requests_request_id_idx").on(t.requestId), index("upstream_requests_created_idx").on(t.createdAt)],
);

export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationEvent = typeof applicationEvents.$inferSelect;
export type ApplicationFile = typeof applicationFiles.$inferSelect;
export type UpstreamRequest = typeof upstreamRequests.$inferInsert;

// ---------------------------------------------------------------------------------------------
// Webhooks from the issuer (lib/webhooks): the inbox, and what card authorizations left behind.

export const WEBHOOK_STATES = ["pending", "applied", "ignored", "poisoned"] as const;

/** Every verified event, stored before it is acknowledged; `event_id` makes a redelivery a no-op. */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    /** The `timestamp` of the envelope: per cardholder, events apply in this order. */
    eventAt: timestamp("event_at", { withTimezone: true }).notNull(),
    cardholderId: text("cardholder_id"),
    /** The raw body, byte for byte as signed (kept for audit). */
    body: text("body").notNull(),
    headers: jsonb("headers").$type<Record<string, string>>().notNull(),
    state: text("state", { enum: WEBHOOK_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp("processed_at", { withTimezone: true }),
  },
  (t) => [index("webhook_inbox_due_idx").on(t.state, t.nextAttemptAt), index("webhook_inbox_cardholder_idx").on(t.cardholderId, t.eventAt)],
);

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
    merchantName: text("merchant_name"),
    transactionTime: text("transaction_time").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("card_transactions_card_idx").on(t.cardId)],
);

export type WebhookInboxRow = typeof webhookInbox.$inferSelect;
export type CardTransaction = typeof cardTransactions.$inferSelect;
