import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from "drizzle-orm/pg-core";

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

/** The states nothing moves out of but a staff action (lib/applications/state-machine.ts); retention waits for them. */
export const FINAL_STATES: readonly ApplicationState[] = ["card_issued", "kyc_rejected", "failed"];

/** Why staff took an application off the "needs attention" pile (lib/admin/case/attention.ts). */
export const ATTENTION_REASONS = ["acknowledged", "contacted", "closed_as_expected"] as const;
export type AttentionReason = (typeof ATTENTION_REASONS)[number];

/** The answers of an application that retention or an erasure emptied (lib/privacy): read as none (draft-store.ts). */
export const ANSWERS_REMOVED = "";

export const applications = pgTable(
  "applications",
  {
    /** Random and unguessable (newApplicationId in lib/applications/ids-and-tokens.ts); a wrong id is simply not found. */
    id: text("id").primaryKey(),
    productId: text("product_id").notNull(),
    kycLevel: text("kyc_level").notNull(),
    /** REDIRECT_LINK for products that need KYC; null for the basic (Simplified) flow. */
    kycMethod: text("kyc_method", { enum: ["REDIRECT_LINK", "THIRD_PARTY"] }),
    state: text("state", { enum: APPLICATION_STATES }).notNull().default("draft"),
    /** The cardholder's answers, AES-256-GCM encrypted as one JSON document (lib/crypto/secret-box.ts). */
    draftCiphertext: text("draft_ciphertext").notNull(),
    locale: text("locale"),
    resumeHash: text("resume_hash").notNull().unique(),
    resumeExpiresAt: timestamp("resume_expires_at", { withTimezone: true }).notNull(),
    /** The current resume token, sealed like the draft, so the owner can be shown the link again. Single use: rotated when used. */
    resumeTokenCiphertext: text("resume_token_ciphertext"),
    /** The staff member who issued the current resume link (null: the applicant's own); its binding inherits it. */
    resumeIssuedBy: uuid("resume_issued_by"),
    cardholderId: text("cardholder_id").unique(),
    /** Stored before the create call, so that a retry after a lost answer is the same request. */
    cardholderRequestId: text("cardholder_request_id"),
    cardRequestId: text("card_request_id"),
    cardId: text("card_id"),
    cardStatus: text("card_status"),
    cardClaimedAt: timestamp("card_claimed_at", { withTimezone: true }),
    /** Card creation rounds (of three tries each) that ended without an answer: the next one waits longer. */
    cardAttempts: integer("card_attempts").notNull().default(0),
    /** Sealed: the hosted identity check's address is a bearer link to the applicant's verification. */
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
    /**
     * The issuer's last pre-validation verdict and the keyed digest of the answers it judged (lib/applications/prevalidate.ts):
     * the same answers are answered from here, not with another upstream call. Field paths and message keys, no values.
     */
    prevalidation: jsonb("prevalidation").$type<{ revision: string; at: string; valid: boolean; fields: Record<string, string> }>(),
    /** The form step whose answers were saved last (lib/applications/draft.ts): where an abandoned draft stopped. */
    lastStep: text("last_step"),
    /** The staff member working the application (the work queue's assignment), and since when. */
    assignedTo: uuid("assigned_to"),
    assignedAt: timestamp("assigned_at", { withTimezone: true }),
    /** When the application entered its current state (the queue's "time in state"). */
    stateSince: timestamp("state_since", { withTimezone: true }).notNull().defaultNow(),
    /**
     * Staff took it off the "needs attention" pile: when, why, and the newest timeline event then (0: none). It comes
     * back with a newer event, a webhook event poisoned after it, or when the snooze (if any) ends (attentionSql).
     */
    attentionResolvedAt: timestamp("attention_resolved_at", { withTimezone: true }),
    attentionReason: text("attention_reason", { enum: ATTENTION_REASONS }),
    attentionEventId: bigint("attention_event_id", { mode: "number" }),
    attentionSnoozedUntil: timestamp("attention_snoozed_until", { withTimezone: true }),
    /** Keyed blind indexes (lib/crypto/blind-index.ts): staff search by name and email while the answers stay sealed. */
    nameIndex: text("name_index").array(),
    emailIndex: text("email_index"),
    /** Keyed blind index of the identity document's number: an erasure finds every application of one person by it. */
    identityIndex: text("identity_index"),
    /** Keyed blind index of the mobile's national number: staff search finds a person by phone in any format. */
    phoneIndex: text("phone_index"),
    /**
     * The first move into submitted, approved and card issued, kept by a trigger on application_events (migration
     * 0023): the dashboard's funnel reads them off one covering index instead of three timeline lookups an application.
     */
    firstSubmittedAt: timestamp("first_submitted_at", { withTimezone: true }),
    firstApprovedAt: timestamp("first_approved_at", { withTimezone: true }),
    firstIssuedAt: timestamp("first_issued_at", { withTimezone: true }),
    /**
     * A random tier, t with chance 1/2^(t+1) (at most 12): tiers >= t are a 1-in-2^t sample of the applications. The
     * dashboard's stage times of a large period are read off such a sample (lib/db/dashboard-timings.ts).
     */
    sampleTier: smallint("sample_tier")
      .notNull()
      .default(sql`least(12, floor(-log(2, (1 - random())::numeric)))::smallint`),
    /** Set when retention dropped the answers of a finished application (lib/privacy/retention.ts): ids, states, times stay. */
    answersDroppedAt: timestamp("answers_dropped_at", { withTimezone: true }),
    /** Set when staff erased the applicant's data on request (lib/privacy/erase.ts); the tombstone is in application_erasures. */
    erasedAt: timestamp("erased_at", { withTimezone: true }),
    /**
     * The merchant's own customer id, from a sealed invitation or the merchant API (lib/merchant/reference.ts): not
     * identity data, so kept in clear, shown to staff and in exports, never to the applicant.
     */
    merchantReference: text("merchant_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("applications_state_idx").on(t.state, t.updatedAt),
    index("applications_created_idx").on(t.createdAt, t.id),
    index("applications_email_index_idx").on(t.emailIndex),
    index("applications_identity_index_idx").on(t.identityIndex),
    index("applications_name_index_idx").using("gin", t.nameIndex),
    index("applications_assigned_idx").on(t.assignedTo, t.updatedAt),
    // The identity-check reminders' query (lib/db/mail-outbox.ts): the waiting ones by submission, nothing else.
    index("applications_kyc_pending_idx")
      .on(t.submittedAt)
      .where(sql`state = 'kyc_pending'`),
    index("applications_state_since_idx").on(t.stateSince, t.id),
    index("applications_phone_index_idx").on(t.phoneIndex),
    index("applications_card_id_idx").on(t.cardId),
    // Staff search and the merchant API find applications by the merchant's reference (exact match).
    index("applications_merchant_reference_idx").on(t.merchantReference, t.createdAt),
    // A short reference is the id's first ten characters (lib/applications/reference.ts): found without a scan.
    index("applications_reference_idx").on(sql`left(${t.id}, 10)`),
    // The dashboard's "needs attention" counts (lib/db/dashboard.ts): the pile's own states with every column the
    // rule reads, for index-only scans; the list of states is ATTENTION_STATES of lib/db/work-queue.ts.
    index("applications_attention_idx")
      .on(
        t.state,
        t.stateSince,
        t.submittedAt,
        t.createdAt,
        t.cardClaimedAt,
        t.attentionResolvedAt,
        t.attentionSnoozedUntil,
        t.attentionEventId,
        t.cardholderId,
        t.id,
      )
      .where(sql`state in ('failed', 'kyc_rejected', 'kyc_pending', 'card_issuing')`),
    // The dashboard's cohort (started in a period, of a product): every column its figures read, for index-only scans.
    index("applications_cohort_idx").on(
      t.createdAt,
      t.productId,
      t.state,
      t.kycMethod,
      t.upstreamKycStatus,
      t.failureCode,
      t.firstSubmittedAt,
      t.firstApprovedAt,
      t.firstIssuedAt,
    ),
    // The stage times of a large period, from a sample: tier first, so "tier = any(...)" reads only the sample.
    index("applications_sample_idx").on(
      t.sampleTier,
      t.createdAt,
      t.productId,
      t.kycMethod,
      t.firstSubmittedAt,
      t.firstApprovedAt,
      t.firstIssuedAt,
    ),
  ],
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
  // By time: the dashboard's "since yesterday" counts what moved in a window.
  (t) => [
    index("application_events_app_idx").on(t.applicationId, t.id),
    index("application_events_created_idx").on(t.createdAt),
    // The morning check's moves (lib/db/dashboard.ts, movementCounts): only the transitions it counts, index-only.
    index("application_events_moves_idx")
      .on(t.createdAt, t.toState, t.fromState, t.applicationId)
      .where(sql`to_state in ('submitted', 'card_issued', 'failed', 'kyc_rejected')`),
  ],
);

/**
 * The browsers that may open an application: the one that started it, or the one a resume link was last used in.
 * The cookie holds a token of its own (only its hash is here), never the resume token; idle ones expire.
 */
export const applicationBindings = pgTable(
  "application_bindings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    /** How the browser got it: it started the application, it used a resume link, or it held a 0.1 cookie. */
    origin: text("origin", { enum: ["start", "resume", "legacy"] }).notNull(),
    /** Bound through a resume link that this staff member issued: every answer it shows is in the audit log. */
    issuedBy: uuid("issued_by"),
    /** What kind of device it is (lib/applications/device-kind.ts, from the User-Agent): the browser it replaced is told. */
    device: text("device", { enum: ["phone", "tablet", "computer", "other"] }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (t) => [index("application_bindings_app_idx").on(t.applicationId)],
);

/** Upstream file ids bound to the application that uploaded them: nobody can reference another's file. */
export const applicationFiles = pgTable(
  "application_files",
  {
    fileId: text("file_id").primaryKey(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    /** The answer it was uploaded for (e.g. identity.front_file_id); null for uploads of 0.1. */
    field: text("field"),
    /** Set when a newer upload for the same field replaced it: each field holds one document. */
    replacedAt: timestamp("replaced_at", { withTimezone: true }),
    /** Sealed: a file name may carry the applicant's name. */
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
    /** 0.1 kept the redacted body here in clear; it is sealed into request_body_sealed in the background. */
    requestBody: jsonb("request_body"),
    /** The redacted body, sealed with the data key. */
    requestBodySealed: text("request_body_sealed"),
    /** The application the call was made for, when known (forApplication in lib/issuer/client.ts). */
    applicationId: text("application_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("upstream_requests_request_id_idx").on(t.requestId),
    index("upstream_requests_created_idx").on(t.createdAt),
    index("upstream_requests_app_idx").on(t.applicationId, t.createdAt),
  ],
);

/** Staff notes on an application, sealed (they may quote the applicant). */
export const applicationNotes = pgTable(
  "application_notes",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: text("application_id")
      .notNull()
      .references(() => applications.id, { onDelete: "cascade" }),
    staffId: uuid("staff_id").notNull(),
    staffName: text("staff_name").notNull(),
    bodySealed: text("body_sealed").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_notes_app_idx").on(t.applicationId, t.createdAt)],
);

export type Application = typeof applications.$inferSelect;
export type NewApplication = typeof applications.$inferInsert;
export type ApplicationEvent = typeof applicationEvents.$inferSelect;
export type ApplicationFile = typeof applicationFiles.$inferSelect;
export type ApplicationBinding = typeof applicationBindings.$inferSelect;
export type ApplicationNote = typeof applicationNotes.$inferSelect;
export type UpstreamRequest = typeof upstreamRequests.$inferInsert;
