import { bigint, boolean, customType, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// The embedded issuer's own tables (prefix sandbox_). Nothing of the portal reads them: the portal
// reaches the sandbox over HTTP only. Migrations are generated with the portal's, from both schemas.

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

export const sandboxTokens = pgTable("sandbox_tokens", {
  /** sha256 of the access token: a leaked table does not leak usable tokens. */
  tokenHash: text("token_hash").primaryKey(),
  expiresAt: tz("expires_at").notNull(),
  createdAt: tz("created_at").notNull().defaultNow(),
});

/** One row per write X-Request-Id: the first answer is replayed for the same body. */
export const sandboxIdempotency = pgTable("sandbox_idempotency", {
  requestId: text("request_id").primaryKey(),
  route: text("route").notNull(),
  bodyHash: text("body_hash").notNull(),
  /** null while the first call is still running. */
  httpStatus: integer("http_status"),
  response: jsonb("response"),
  createdAt: tz("created_at").notNull().defaultNow(),
});

export const sandboxFiles = pgTable("sandbox_files", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  mimeType: text("mime_type").notNull(),
  size: integer("size").notNull(),
  content: bytea("content").notNull(),
  createdAt: tz("created_at").notNull().defaultNow(),
});

export const sandboxCardholders = pgTable(
  "sandbox_cardholders",
  {
    id: text("id").primaryKey(),
    productId: text("product_id"),
    /** The fields as submitted (and later updated through v1 PUT). */
    fields: jsonb("fields").$type<Record<string, unknown>>().notNull(),
    status: text("status", { enum: ["PENDING", "SUCCESS", "FAILED"] }).notNull(),
    kycStatus: text("kyc_status", { enum: ["NOT_STARTED", "PENDING", "VERIFIED", "REJECTED"] }).notNull(),
    kycMethod: text("kyc_method", { enum: ["REDIRECT_LINK", "THIRD_PARTY"] }),
    kycReferenceId: text("kyc_reference_id"),
    /** When the simulated platform (or third-party check) moves next; null when nothing is scheduled. */
    kycDueAt: tz("kyc_due_at"),
    approvalDueAt: tz("approval_due_at"),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("sandbox_cardholders_kyc_reference_uq").on(t.kycReferenceId),
    index("sandbox_cardholders_kyc_due_idx").on(t.kycDueAt),
    index("sandbox_cardholders_approval_due_idx").on(t.approvalDueAt),
  ],
);

export const sandboxKycLinks = pgTable(
  "sandbox_kyc_links",
  {
    token: text("token").primaryKey(),
    cardholderId: text("cardholder_id").notNull(),
    reviewStatus: text("review_status", { enum: ["init", "pending", "approved", "rejected", "expired"] }).notNull(),
    expiresAt: tz("expires_at").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_kyc_links_cardholder_idx").on(t.cardholderId)],
);

export const sandboxCards = pgTable(
  "sandbox_cards",
  {
    id: text("id").primaryKey(),
    cardholderId: text("cardholder_id").notNull(),
    productId: text("product_id").notNull(),
    label: text("label"),
    rechargeAmount: numeric("recharge_amount", { precision: 18, scale: 2 }).notNull(),
    /** Recharge minus approved authorizations. */
    availableBalance: numeric("available_balance", { precision: 18, scale: 2 }).notNull(),
    outId: text("out_id"),
    status: text("status", { enum: ["ACTIVE", "WAITING_KYC", "FAILED"] }).notNull(),
    maskedNumber: text("masked_number").notNull(),
    currency: text("currency").notNull(),
    createdAt: tz("created_at").notNull().defaultNow(),
    updatedAt: tz("updated_at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_cards_cardholder_idx").on(t.cardholderId)],
);

/** Durable outbox: an event is written with the change that caused it and delivered until answered 2xx. */
export const sandboxWebhookOutbox = pgTable(
  "sandbox_webhook_outbox",
  {
    eventId: text("event_id").primaryKey(),
    eventType: text("event_type").notNull(),
    /** The exact bytes that are signed and sent, every attempt. */
    body: text("body").notNull(),
    state: text("state", { enum: ["pending", "delivered", "abandoned"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: tz("next_attempt_at").notNull().defaultNow(),
    /** A dispatcher that claims a row holds it until then; another instance may take it after. */
    leaseUntil: tz("lease_until"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: tz("created_at").notNull().defaultNow(),
    deliveredAt: tz("delivered_at"),
  },
  (t) => [index("sandbox_webhook_outbox_due_idx").on(t.state, t.nextAttemptAt)],
);

export const sandboxWebhookAttempts = pgTable(
  "sandbox_webhook_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: text("event_id").notNull(),
    attempt: integer("attempt").notNull(),
    url: text("url").notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    ok: boolean("ok").notNull(),
    durationMs: integer("duration_ms").notNull(),
    at: tz("at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_webhook_attempts_event_idx").on(t.eventId)],
);

/** Small key/value settings of the simulation (the faults of PUT /sandbox/simulate/faults). */
export const sandboxSettings = pgTable("sandbox_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: tz("updated_at").notNull().defaultNow(),
});

/**
 * The mail catcher's inbox (lib/sandbox/mail): every message an instance's embedded SMTP server accepted, raw, so
 * `/sandbox/mail` shows it as the recipient would. Shared by instances on one database; capped (oldest dropped).
 */
export const sandboxMail = pgTable(
  "sandbox_mail",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    messageId: text("message_id"),
    /** The portal's outbox row (header X-Portal-Mail-Id): how tests count deliveries per message. */
    outboxId: text("outbox_id"),
    mailFrom: text("mail_from").notNull(),
    rcptTo: text("rcpt_to").array().notNull(),
    subject: text("subject").notNull(),
    raw: text("raw").notNull(),
    receivedAt: tz("received_at").notNull().defaultNow(),
  },
  (t) => [index("sandbox_mail_outbox_idx").on(t.outboxId), index("sandbox_mail_rcpt_idx").using("gin", t.rcptTo)],
);

export type SandboxMail = typeof sandboxMail.$inferSelect;
export type SandboxCardholder = typeof sandboxCardholders.$inferSelect;
export type SandboxCard = typeof sandboxCards.$inferSelect;
export type SandboxFile = typeof sandboxFiles.$inferSelect;
export type SandboxKycLink = typeof sandboxKycLinks.$inferSelect;
export type SandboxOutboxRow = typeof sandboxWebhookOutbox.$inferSelect;
