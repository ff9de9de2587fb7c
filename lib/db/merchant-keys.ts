import "server-only";
import { and, desc, eq, isNull, lt, or } from "drizzle-orm";
import { applications, merchantApiKeys, type MerchantApiKey, type MerchantScope } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The merchant API's keys (lib/merchant) and its one read of applications: by the merchant's own reference.

export type NewKeyRow = {
  name: string;
  prefix: string;
  keyHash: string;
  scopes: MerchantScope[];
  ratePerMinute: number;
  createdBy: string | null;
  createdByEmail: string;
  createdAt: Date;
};

export async function insertMerchantKey(db: Database, row: NewKeyRow): Promise<MerchantApiKey> {
  const [key] = await db.insert(merchantApiKeys).values(row).returning();
  if (!key) throw new Error("merchant key not inserted");
  return key;
}

/** Every key, newest first (an admin page: a merchant has a handful). */
export async function listMerchantKeys(db: Database): Promise<MerchantApiKey[]> {
  return db.select().from(merchantApiKeys).orderBy(desc(merchantApiKeys.createdAt), desc(merchantApiKeys.id));
}

/** The key whose hash this is, revoked or not (the caller tells the two apart). */
export async function merchantKeyByHash(db: Database, keyHash: string): Promise<MerchantApiKey | undefined> {
  const [key] = await db.select().from(merchantApiKeys).where(eq(merchantApiKeys.keyHash, keyHash)).limit(1);
  return key;
}

/** Revokes a key that is not revoked yet; undefined when there is no such key or it was revoked already. */
export async function revokeMerchantKey(db: Database, id: string, now: Date): Promise<MerchantApiKey | undefined> {
  const [key] = await db
    .update(merchantApiKeys)
    .set({ revokedAt: now })
    .where(and(eq(merchantApiKeys.id, id), isNull(merchantApiKeys.revokedAt)))
    .returning();
  return key;
}

/** Marks a key used, at most once a minute: the list shows "last used" without a write on every call. */
export async function touchMerchantKey(db: Database, id: string, now: Date): Promise<void> {
  const minuteAgo = new Date(now.getTime() - 60_000);
  await db
    .update(merchantApiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(merchantApiKeys.id, id), or(isNull(merchantApiKeys.lastUsedAt), lt(merchantApiKeys.lastUsedAt, minuteAgo))));
}

/** The applications carrying this merchant reference, newest first: states and times only, never answers. */
export async function applicationsByMerchantReference(db: Database, reference: string, limit: number) {
  const a = applications;
  return db
    .select({
      id: a.id,
      productId: a.productId,
      state: a.state,
      stateSince: a.stateSince,
      createdAt: a.createdAt,
      updatedAt: a.updatedAt,
      submittedAt: a.submittedAt,
      erasedAt: a.erasedAt,
    })
    .from(a)
    .where(eq(a.merchantReference, reference))
    .orderBy(desc(a.createdAt), desc(a.id))
    .limit(limit);
}
