import "server-only";
import { and, inArray, isNotNull, not, sql } from "drizzle-orm";
import { dataKeys } from "@/lib/db/schema";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// The data_keys table (lib/crypto/key-table.ts): the data keys of PostgreSQL deployments, wrapped.

export type DataKeyRow = { owner: string; keyId: string; wrappedKey: string | null };

const columns = { owner: dataKeys.owner, keyId: dataKeys.keyId, wrappedKey: dataKeys.wrappedKey };

export async function findDataKeys(db: Database, owners: string[]): Promise<DataKeyRow[]> {
  return owners.length ? db.select(columns).from(dataKeys).where(inArray(dataKeys.owner, owners)) : [];
}

/** New keys; an owner that got one meanwhile (another instance) keeps its own: read them again after this. */
export async function insertDataKeys(db: Database, rows: Array<{ owner: string; keyId: string; wrappedKey: string }>): Promise<void> {
  if (rows.length) await db.insert(dataKeys).values(rows).onConflictDoNothing({ target: dataKeys.owner });
}

export async function findLiveDataKeysById(db: Database, ids: string[]) {
  if (!ids.length) return [];
  return db
    .select(columns)
    .from(dataKeys)
    .where(and(inArray(dataKeys.keyId, ids), isNotNull(dataKeys.wrappedKey)));
}

/** The key goes, the row stays as the owner's tombstone (also for an owner that never had a key). */
export async function destroyDataKeys(db: Database, owners: string[], now: Date): Promise<void> {
  if (!owners.length) return;
  await db
    .insert(dataKeys)
    .values(owners.map((owner) => ({ owner, keyId: "", wrappedKey: null, destroyedAt: now })))
    .onConflictDoUpdate({ target: dataKeys.owner, set: { wrappedKey: null, destroyedAt: sql`coalesce(${dataKeys.destroyedAt}, ${now})` } });
}

/** Live keys not wrapped with the key `prefix` names (`v2.<id>.`). */
export async function staleDataKeys(db: Database, prefix: string, limit: number) {
  return db
    .select(columns)
    .from(dataKeys)
    .where(and(isNotNull(dataKeys.wrappedKey), not(sql`left(${dataKeys.wrappedKey}, ${prefix.length}) = ${prefix}`)))
    .limit(limit);
}

/** Re-wraps a key only if nobody changed it meanwhile (another instance, an erasure). */
export async function replaceWrappedKey(db: Database, owner: string, before: string, after: string): Promise<boolean> {
  const result = await db.execute(
    sql`update ${dataKeys} set wrapped_key = ${after} where owner = ${owner} and wrapped_key = ${before} returning 1 as done`,
  );
  return rowsOf(result).length > 0;
}
