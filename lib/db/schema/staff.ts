import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// Staff accounts of the merchant.

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
