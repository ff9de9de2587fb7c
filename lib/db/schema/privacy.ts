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

export type ApplicationErasure = typeof applicationErasures.$inferSelect;
