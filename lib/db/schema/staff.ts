import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

// The merchant's staff: accounts and roles, their sign-in attempts, and the audit log of what they did.

export const STAFF_ROLES = ["admin", "agent", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffUsers = pgTable(
  "staff_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-cased; the first OpenID Connect sign-in of an account matches on it (later ones on the binding below). */
    email: text("email").notNull().unique(),
    name: text("name").notNull().default(""),
    /** scrypt, in the form `scrypt$N$r$p$salt$hash` (lib/auth/password.ts); null until a password is set. */
    passwordHash: text("password_hash"),
    role: text("role", { enum: STAFF_ROLES }).notNull().default("viewer"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** In every session token; raised when the role changes or the account is disabled: older sessions end at once. */
    sessionVersion: integer("session_version").notNull().default(1),
    /** A one-time link to set a password (new account, reset): only its hash is kept. */
    passwordTokenHash: text("password_token_hash").unique(),
    passwordTokenExpiresAt: timestamp("password_token_expires_at", { withTimezone: true }),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** The provider identity (ID token `iss`, `sub`) bound at the first OpenID Connect sign-in; an admin may unlink it. */
    oidcIssuer: text("oidc_issuer"),
    oidcSubject: text("oidc_subject"),
    /** The IANA zone the staff area shows this person's times and days in (lib/admin/clock.ts); null: not chosen, UTC. */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_users_oidc_idx").on(t.oidcIssuer, t.oidcSubject)],
);

/**
 * One row per signed-in session (its id is in the session token, only its hash here): sign-out deletes it, so a
 * copy of the token stops working at once. Rows older than a session's life are removed at the account's next sign-in.
 */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    /** SHA-256 (hex) of the random id in the token. */
    idHash: text("id_hash").primaryKey(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    /** Wrong current passwords given in this session (POST /api/admin/account/password): a few end it. */
    passwordFailures: integer("password_failures").notNull().default(0),
  },
  (t) => [index("staff_sessions_staff_idx").on(t.staffId)],
);

/** Every sign-in attempt, so that failures are throttled per account and per address on every instance. */
export const staffSignInAttempts = pgTable(
  "staff_sign_in_attempts",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    email: text("email").notNull(),
    ip: text("ip").notNull(),
    /**
     * success, bad_credentials, throttled (refused unchecked: not a failure), disabled, checking while the password is
     * checked (counted as a failure); OpenID Connect refusals oidc_unverified, oidc_domain, oidc_subject, oidc_refused.
     */
    outcome: text("outcome").notNull(),
    /** current_password: a wrong current password on the own-account page counts with the sign-in throttle. */
    method: text("method", { enum: ["password", "oidc", "current_password"] }).notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("staff_sign_in_attempts_email_idx").on(t.email, t.at), index("staff_sign_in_attempts_ip_idx").on(t.ip, t.at)],
);

/** Every staff action and every reveal of an identity value: who, when, what, which application, from where. */
export const staffAuditLog = pgTable(
  "staff_audit_log",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    staffId: uuid("staff_id"),
    staffEmail: text("staff_email").notNull(),
    action: text("action").notNull(),
    /** No foreign key: the trail outlives an application that is erased. */
    applicationId: text("application_id"),
    /** What was acted on within it (a field path, a staff account). */
    target: text("target"),
    detail: jsonb("detail").$type<Record<string, unknown>>(),
    ip: text("ip"),
  },
  (t) => [
    index("staff_audit_log_at_idx").on(t.at),
    index("staff_audit_log_app_idx").on(t.applicationId, t.at),
    index("staff_audit_log_staff_idx").on(t.staffId, t.at),
    index("staff_audit_log_action_idx").on(t.action, t.at),
  ],
);

export type StaffUser = typeof staffUsers.$inferSelect;
export type StaffSession = typeof staffSessions.$inferSelect;
export type NewStaffUser = typeof staffUsers.$inferInsert;
export type StaffAuditEntry = typeof staffAuditLog.$inferSelect;

/** A staff member's named queue view: the queue's own query string (lib/admin/queue/query.ts), at most 20 each. */
export const staffSavedViews = pgTable(
  "staff_saved_views",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    staffId: uuid("staff_id")
      .notNull()
      .references(() => staffUsers.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    query: text("query").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("staff_saved_views_name_idx").on(t.staffId, t.name)],
);
export type StaffSavedView = typeof staffSavedViews.$inferSelect;
