import "server-only";
import type { KeyStore, WrappedKey } from "@/lib/crypto/key-store";
import { destroyDataKeys, findDataKeys, findLiveDataKeysById, insertDataKeys, replaceWrappedKey, staleDataKeys } from "@/lib/db/data-keys";
import type { Database } from "@/lib/db/types";

// Data keys in the data_keys table: the store of PostgreSQL deployments, where several instances share nothing
// but the database. A destroyed key's bytes leave the table, but WAL archives, replicas and backups taken before
// still hold them (sealed with DATA_ENCRYPTION_KEY) until they expire: docs/privacy.md says so.

async function read(db: Database, owners: string[], into: Map<string, WrappedKey | null>) {
  for (const row of await findDataKeys(db, owners)) into.set(row.owner, row.wrappedKey ? { id: row.keyId, wrapped: row.wrappedKey } : null);
}

export const tableKeyStore: KeyStore = {
  kind: "table",
  async ofOwners(db, owners, create) {
    // Sorted: concurrent inserts then take their row locks in one order.
    const unique = [...new Set(owners)].sort();
    const found = new Map<string, WrappedKey | null>();
    await read(db, unique, found);
    const missing = unique.filter((owner) => !found.has(owner));
    if (create && missing.length) {
      await insertDataKeys(
        db,
        missing.map((owner) => {
          const key = create();
          return { owner, keyId: key.id, wrappedKey: key.wrapped };
        }),
      );
      await read(db, missing, found);
    }
    return found;
  },
  async byIds(db, ids) {
    const rows = await findLiveDataKeysById(db, [...new Set(ids)]);
    return rows.flatMap((r) => (r.wrappedKey ? [{ id: r.keyId, wrapped: r.wrappedKey }] : []));
  },
  destroy: (db, owners) => destroyDataKeys(db, [...new Set(owners)].sort(), new Date()),
  async rewrap(db, currentPrefix, rewrap, limit) {
    let changed = 0;
    for (const row of await staleDataKeys(db, currentPrefix, limit)) {
      const after = row.wrappedKey ? rewrap(row.wrappedKey) : undefined;
      if (row.wrappedKey && after && (await replaceWrappedKey(db, row.owner, row.wrappedKey, after))) changed++;
    }
    return changed;
  },
};
