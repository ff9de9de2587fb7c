import "server-only";
import { recordStaffAction } from "@/lib/audit/record";
import type { Staff } from "@/lib/auth/current-staff";
import { getDb } from "@/lib/db";
import { insertMerchantKey, listMerchantKeys, revokeMerchantKey } from "@/lib/db/merchant-keys";
import type { MerchantApiKey } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { PortalError } from "@/lib/errors";
import type { NewMerchantKey } from "@/lib/api/schemas/merchant";
import { newMerchantKey } from "@/lib/merchant/keys";

// Admins create, list and revoke the merchant's API keys (/admin/merchant-keys); every change is audited.

export type MerchantKeyDeps = { db: Database; now: () => Date; mode: "live" | "sandbox" };

export async function processMerchantKeyDeps(): Promise<MerchantKeyDeps> {
  return { db: await getDb(), now: () => new Date(), mode: getEnv().mode };
}

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

/** A new key (its input validated by the route with newKeySchema): answered whole this once (only its hash is kept), audited with its prefix and scopes. */
export async function createMerchantKey(deps: MerchantKeyDeps, staff: Pick<Staff, "id" | "email" | "ip">, input: NewMerchantKey) {
  const fresh = newMerchantKey(deps.mode);
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await insertMerchantKey(tx, {
      ...input,
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
