import { bigint, boolean, date, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

// The dashboard's and the queue's counts at scale (migration 0026): applications counted per UTC day of creation and
// per everything those counts tell apart, kept by a trigger on applications (application_tally_of in the migration).

const tallyColumns = {
  /** The UTC day the application was created on (its cohort day). */
  day: date("day", { mode: "string" }).notNull(),
  productId: text("product_id").notNull(),
  state: text("state").notNull(),
  withKyc: boolean("with_kyc").notNull(),
  /** With an identity check, still submitted or waiting for it, and the issuer already says VERIFIED. */
  verifiedWaiting: boolean("verified_waiting").notNull(),
  submitted: boolean("submitted").notNull(),
  approved: boolean("approved").notNull(),
  issued: boolean("issued").notNull(),
  /** The failure code of a failed or rejected application, else "" (a key column cannot be null). */
  failureCode: text("failure_code").notNull().default(""),
  /** The last step saved of a draft, else "". */
  lastStep: text("last_step").notNull().default(""),
};

/** The folded counts, one row per day and key. */
export const applicationTallies = pgTable("application_tallies", { ...tallyColumns, n: integer("n").notNull() }, (t) => [
  primaryKey({
    name: "application_tallies_pk",
    columns: [t.day, t.productId, t.state, t.withKyc, t.verifiedWaiting, t.submitted, t.approved, t.issued, t.failureCode, t.lastStep],
  }),
]);

/**
 * What the trigger appends: +1 for a key an application enters, -1 for the one it leaves. Appending takes no lock a
 * second writer waits on; the maintenance loop folds these into application_tallies (lib/db/tallies.ts).
 */
export const applicationTallyChanges = pgTable(
  "application_tally_changes",
  { id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(), ...tallyColumns, n: integer("n").notNull() },
  (t) => [index("application_tally_changes_day_idx").on(t.day)],
);
