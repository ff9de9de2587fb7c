import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ApplicationState } from "@/lib/db/schema/applications";

// Reconciliation with the issuer (lib/reconciliation): each run and what it found, kept as reports.

export const FINDING_KINDS = ["unknown_cardholder", "lagging_state", "unrecorded_card", "missing_cardholder", "missing_card"] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];

/** An application that reached the issuer, as lib/reconciliation/compare.ts compares it with the issuer's list. */
export type PortalRow = {
  id: string;
  state: ApplicationState;
  kycMethod: string | null;
  cardholderId: string;
  upstreamStatus: string | null;
  upstreamKycStatus: string | null;
  /** When it reached the issuer: one that reached it after the list was read is not "missing" from that list. */
  submittedAt: Date | null;
  /** The application's card and every card id its timeline recorded. */
  knownCardIds: readonly string[];
};

/** What one comparison found, before it is stored with its run. */
export type Finding = { kind: FindingKind; applicationId: string | null; cardholderId: string; detail: Record<string, unknown> };

export const reconciliationRuns = pgTable(
  "reconciliation_runs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    trigger: text("trigger", { enum: ["manual", "schedule"] }).notNull(),
    /** Who ran it by hand; null for the schedule. */
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email"),
    cardholdersSeen: integer("cardholders_seen").notNull().default(0),
    applicationsSeen: integer("applications_seen").notNull().default(0),
    unknownCardholders: integer("unknown_cardholders").notNull().default(0),
    laggingStates: integer("lagging_states").notNull().default(0),
    unrecordedCards: integer("unrecorded_cards").notNull().default(0),
    /** The other way: the portal's cardholders and cards the issuer's complete list did not contain. */
    missingCardholders: integer("missing_cardholders").notNull().default(0),
    missingCards: integer("missing_cards").notNull().default(0),
    /** How many cardholders the issuer said it has (its list's total); null when the run failed before the first page. */
    issuerTotal: integer("issuer_total"),
    /** Why the run checked only part (the page cap, or a page the issuer did not answer); null when it read every page. */
    partial: text("partial"),
    /** Why the run stopped short (e.g. the issuer could not be reached); the findings so far are not kept then. */
    error: text("error"),
  },
  (t) => [index("reconciliation_runs_started_idx").on(t.startedAt)],
);

export const reconciliationFindings = pgTable(
  "reconciliation_findings",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    runId: uuid("run_id")
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: FINDING_KINDS }).notNull(),
    /** No foreign key: the report outlives an application that is erased. */
    applicationId: text("application_id"),
    cardholderId: text("cardholder_id").notNull(),
    /** States, statuses and card ids only: never an identity value. */
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull(),
    fixedAt: timestamp("fixed_at", { withTimezone: true }),
    fixedBy: text("fixed_by"),
  },
  (t) => [index("reconciliation_findings_run_idx").on(t.runId, t.id)],
);

/** Cards created at the issuer for an application that already holds one, recorded by a reconciliation fix (/admin/cards lists them). */
export const recordedCards = pgTable(
  "recorded_cards",
  {
    cardId: text("card_id").primaryKey(),
    /** No foreign key, as for findings: the record outlives an application that is erased. */
    applicationId: text("application_id").notNull(),
    cardholderId: text("cardholder_id"),
    status: text("status"),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("recorded_cards_recorded_idx").on(t.recordedAt)],
);

export type ReconciliationRun = typeof reconciliationRuns.$inferSelect;
export type RecordedCard = typeof recordedCards.$inferSelect;
export type ReconciliationFinding = typeof reconciliationFindings.$inferSelect;
