import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

// Outbound events to merchant endpoints (lib/events, docs/events.md): the outbox written in the transaction of the
// state change, one delivery per subscribed endpoint, and each attempt's log.

/** The event types of docs/contract.md ("Outbound events"): fixed names, never renamed. */
export const EVENT_TYPES = [
  "application.started",
  "application.submitted",
  "application.identity_check.approved",
  "application.identity_check.rejected",
  "application.card_issued",
  "application.failed",
  "application.erased",
  "card.transaction.authorized",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** "Send a test event" (staff): outside EVENT_TYPES, so no endpoint subscribes to it; written for one endpoint. */
export const TEST_EVENT_TYPE = "endpoint.test";
/** What the outbox holds: the eight, and the test event. */
export const OUTBOX_TYPES = [...EVENT_TYPES, TEST_EVENT_TYPE] as const;
export type OutboxType = (typeof OUTBOX_TYPES)[number];

/** pending: to deliver (or retrying); delivered: a 2xx came back; abandoned: retried for the whole window. */
export const DELIVERY_STATES = ["pending", "delivered", "abandoned"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const eventEndpoints = pgTable("event_endpoints", {
  /** `ep_` and random characters. */
  id: text("id").primaryKey(),
  url: text("url").notNull(),
  description: text("description"),
  /** The types it receives; null: every type. */
  eventTypes: jsonb("event_types").$type<EventType[]>(),
  /** `whsec_…`, sealed under DATA_ENCRYPTION_KEY (lib/crypto/secret-box.ts; it belongs to no application). */
  secretSealed: text("secret_sealed").notNull(),
  /** The secret before a rotation, also signed with until `previous_secret_expires_at` (the overlap). */
  previousSecretSealed: text("previous_secret_sealed"),
  previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
  enabled: boolean("enabled").notNull().default(true),
  disabledAt: timestamp("disabled_at", { withTimezone: true }),
  /** Why it stopped receiving: "failures" (the runner, after a run of failed attempts) or "staff". */
  disabledReason: text("disabled_reason"),
  /** Failed attempts since the last 2xx, and when the first of them was (the disable rule reads both). */
  consecutiveFailures: integer("consecutive_failures").notNull().default(0),
  failingSince: timestamp("failing_since", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const eventOutbox = pgTable(
  "event_outbox",
  {
    /** `evt_` and random characters: the `webhook-id` of every delivery of it, for the receiver's de-duplication. */
    id: text("id").primaryKey(),
    /** Order of writing: within one application the row lock of its state change makes it the order of the changes. */
    seq: bigserial("seq", { mode: "number" }).notNull().unique(),
    type: text("type", { enum: OUTBOX_TYPES }).notNull(),
    /** No foreign key: an event outlives its application's row (retention), and carries no personal data. */
    applicationId: text("application_id"),
    /** The event's `data` as written (ids, states, times); the short reference is derived from the id when sent. */
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("event_outbox_application_idx").on(t.applicationId, t.seq),
    index("event_outbox_created_idx").on(t.createdAt, t.id),
    // The delivery log's type filter: a rare type is found from here, not by walking an endpoint's whole log.
    index("event_outbox_type_idx").on(t.type, t.createdAt),
  ],
);

export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventId: text("event_id")
      .notNull()
      .references(() => eventOutbox.id, { onDelete: "cascade" }),
    endpointId: text("endpoint_id")
      .notNull()
      .references(() => eventEndpoints.id, { onDelete: "cascade" }),
    /** Copied from the event: the claim delivers an application's events to an endpoint in `seq` order. */
    applicationId: text("application_id"),
    seq: bigint("seq", { mode: "number" }).notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Taken by a runner until then; a runner that dies leaves it to run out, and the attempt is made again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastLatencyMs: integer("last_latency_ms"),
    /** The start of the receiver's answer (capped, lib/events/deliver.ts). */
    lastResponse: text("last_response"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("event_deliveries_event_endpoint_idx").on(t.eventId, t.endpointId),
    index("event_deliveries_due_idx").on(t.state, t.nextAttemptAt),
    index("event_deliveries_order_idx").on(t.endpointId, t.applicationId, t.seq),
    // The staff delivery log (lib/db/event-log.ts): an endpoint's rows newest first, keyset-paged, and by state.
    index("event_deliveries_log_idx").on(t.endpointId, t.createdAt, t.id),
    index("event_deliveries_log_state_idx").on(t.endpointId, t.state, t.createdAt, t.id),
  ],
);

export const eventAttempts = pgTable(
  "event_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryId: bigint("delivery_id", { mode: "number" })
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    /** The HTTP status, or null when none came (refused address, timeout, connection error). */
    status: integer("status"),
    latencyMs: integer("latency_ms").notNull(),
    responseExcerpt: text("response_excerpt"),
    error: text("error"),
  },
  (t) => [index("event_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

export type EventEndpoint = typeof eventEndpoints.$inferSelect;
export type NewEventEndpoint = typeof eventEndpoints.$inferInsert;
export type OutboxEvent = typeof eventOutbox.$inferSelect;
export type EventDelivery = typeof eventDeliveries.$inferSelect;
export type EventAttempt = typeof eventAttempts.$inferSelect;
