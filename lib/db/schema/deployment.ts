import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

export const PORTAL_MODES = ["sandbox", "live"] as const;
export const DATABASE_MODE_ORIGINS = ["created", "upgrade", "go-live"] as const;

/**
 * The mode the database was created in (one row): the other mode refuses it (lib/db/database-mode.ts), so a
 * sandbox's demo admin and test data never carry over into live mode, nor the sandbox's tables into live data.
 */
export const databaseMode = pgTable(
  "database_mode",
  {
    id: integer("id").primaryKey().default(1),
    mode: text("mode", { enum: PORTAL_MODES }).notNull(),
    /** created: by a start on a new database; upgrade: inferred from what an earlier version left; go-live: `npm run db:go-live`. */
    origin: text("origin", { enum: DATABASE_MODE_ORIGINS }).notNull(),
    recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("database_mode_one_row", sql`${t.id} = 1`)],
);

export type DatabaseModeRow = typeof databaseMode.$inferSelect;
