import "server-only";
import { z } from "zod";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { insertMerchantKey, listMerchantKeys, revokeMerchantKey } from "@/lib/db/merchant-keys";
import type { MerchantApiKey } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/errors";
import { newMerchantKey, readScopes } from "@/lib/merchant/keys";
import { isMerchantKey } from "@/lib/merchant/reference";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";

// Admins create, list and revoke the merchant's API keys (/admin/merchant-keys); every change is audited.

export type MerchantKeyDeps = { db: Database; now: () => Date; mode: "live" | "sandbox" };

export async function processMerchantKeyDeps(): Promise<MerchantKeyDeps> {
  return { db: await getDb(), now: () => new Date(), mode: getEnv().mode };
}

export const DEFAULT_RATE_PER_MINUTE = 60;

export const newKeySchema = z.object({
  name: z.string().trim().min(1, "errors.merchant.key_name").max(80, "errors.merchant.key_name"),
  // Space-separated, as OAuth writes scopes: "applications:read invites:write".
  scopes: z
    .string()
    .transform((text, ctx) => readScopes(text) ?? (ctx.addIssue({ code: "custom", message: "errors.merchant.scopes" }), z.NEVER)),
  ratePerMinute: z.preprocess(
    (v) => (v === "" || v === undefined ? DEFAULT_RATE_PER_MINUTE : typeof v === "string" ? Number(v) : v),
    z
      .number({ message: "errors.merchant.rate" })
      .int("errors.merchant.rate")
      .min(1, "errors.merchant.rate")
      .max(6000, "errors.merchant.rate"),
  ),
});

/** What the list shows of a key: never its hash. */
export type PublicMerchantKey = Pick<MerchantApiKey, "id" | "name" | "prefix" | "scopes" | "ratePerMinute" | "createdByEmail"> & {
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

const publicKey = (k: MerchantApiKey): PublicMerchantKey => ({
  id: k.id,
  name: k.name,
  prefix: k.prefix,
  scopes: k.scopes,
  ratePerMinute: k.ratePerMinute,
  createdByEmail: k.createdByEmail,
  createdAt: k.createdAt.toISOString(),
  lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
  revokedAt: k.revokedAt?.toISOString() ?? null,
});

export async function listKeys(deps: MerchantKeyDeps): Promise<PublicMerchantKey[]> {
  return (await listMerchantKeys(deps.db)).map(publicKey);
}

/** A new key: answered whole this once (only its hash is kept), audited with its prefix and scopes. */
export async function createMerchantKey(deps: MerchantKeyDeps, staff: Pick<Staff, "id" | "email" | "ip">, input: unknown) {
  const parsed = newKeySchema.safeParse(input);
  if (!parsed.success)
    throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", fieldErrorsFromZod(parsed.error, isMerchantKey));
  const fresh = newMerchantKey(deps.mode);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertMerchantKey(tx, {
      ...parsed.data,
      prefix: fresh.prefix,
      keyHash: fresh.hash,
      createdBy: staff.id || null,
      createdByEmail: staff.email,
      createdAt: now,
    });
    const detail = { name: row.name, prefix: row.prefix, scopes: row.scopes, rate_per_minute: row.ratePerMinute };
    await recordStaffAction(tx, staff, "merchant_key.created", { target: row.id, detail }, now);
    return { key: fresh.key, merchantKey: publicKey(row) };
  });
}

/** Revokes a key at once (its next call is 401); 404 for an unknown or already revoked key. */
export async function revokeKey(deps: MerchantKeyDeps, staff: Pick<Staff, "id" | "email" | "ip">, id: string) {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = /^[0-9a-f-]{36}$/i.test(id) ? await revokeMerchantKey(tx, id, now) : undefined;
    if (!row) throw new PortalError("NOT_FOUND", "No key in use was found with this id.");
    await recordStaffAction(tx, staff, "merchant_key.revoked", { target: row.id, detail: { name: row.name, prefix: row.prefix } }, now);
    return { merchantKey: publicKey(row) };
  });
}
