import { bigint, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// What is left of an applicant after an erasure on request (lib/privacy/erase.ts): ids and dates, who and why.

/** The tombstone of one erasure. No foreign key: an erased draft may later be purged whole, its tombstone stays. */
export const applicationErasures = pgTable(
  "application_erasures",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    applicationId: text("application_id").notNull(),
    cardholderId: text("cardholder_id"),
    cardId: text("card_id"),
    /** The application's state when it was erased. */
    state: text("state").notNull(),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    /** Why, as the staff member typed it (e.g. "request by email of 2026-11-20"). */
    reason: text("reason").notNull(),
    erasedAt: timestamp("erased_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("application_erasures_app_idx").on(t.applicationId)],
);

/**
 * Data keys on PostgreSQL (lib/crypto/key-table.ts): one per owner (an application, `cardholder:<id>`, `card:<id>`),
 * sealed with DATA_ENCRYPTION_KEY. A destroyed key keeps its row without the key, so the owner never gets one again.
 * PGlite keeps them in a key file outside the database instead (lib/crypto/key-file.ts).
 */
export const dataKeys = pgTable(
  "data_keys",
  {
    owner: text("owner").primaryKey(),
    keyId: text("key_id").notNull(),
    /** Null once destroyed (an erasure). */
    wrappedKey: text("wrapped_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    destroyedAt: timestamp("destroyed_at", { withTimezone: true }),
  },
  (t) => [index("data_keys_key_id_idx").on(t.keyId)],
);

export type ApplicationErasure = typeof applicationErasures.$inferSelect;
