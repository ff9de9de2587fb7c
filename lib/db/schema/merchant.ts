import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

// The merchant's server-to-server API keys (lib/merchant): created by an admin, shown once, kept as a hash.

export const MERCHANT_SCOPES = ["applications:read", "invites:write"] as const;
export type MerchantScope = (typeof MERCHANT_SCOPES)[number];

export const merchantApiKeys = pgTable(
  "merchant_api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** The key's first characters ("pk_test_AbCd1234"), so staff can tell keys apart; never enough to use one. */
    prefix: text("prefix").notNull(),
    /** SHA-256 (hex) of the whole key: the key is 256 random bits, so a fast hash is enough (lib/merchant/keys.ts). */
    keyHash: text("key_hash").notNull().unique(),
    scopes: text("scopes", { enum: MERCHANT_SCOPES }).array().notNull(),
    /** Calls per minute this key may make, counted across instances (lib/security/rate-limit.ts). */
    ratePerMinute: integer("rate_per_minute").notNull().default(60),
    createdBy: uuid("created_by"),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [index("merchant_api_keys_created_idx").on(t.createdAt)],
);

export type MerchantApiKey = typeof merchantApiKeys.$inferSelect;
