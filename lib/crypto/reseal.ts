import "server-only";
import { clearRequestBodies, replaceSealedValue, SEALED_COLUMNS, sealRequestBody, staleSealedValues } from "@/lib/db/sealed-columns";
import { listErasedIds } from "@/lib/db/privacy";
import type { Database } from "@/lib/db/types";
import { destroyOwnerKeys, ownerKeyrings, ownersOfApplication, rewrapDataKeys } from "@/lib/crypto/data-keys";
import { openLegacy, seal, sealedPrefix, type Keyring } from "@/lib/crypto/secret-box";
import { log } from "@/lib/log";

// Erasures made before data keys existed: their owners are marked destroyed once per process, so that nothing
// of them is ever sealed under a fresh key (the receiver would otherwise give an erased cardholder a new one).
const shredded = new WeakSet<Database>();

/**
 * One pass of the background sealing: data keys wrapped with an older key are re-wrapped; values 0.1 kept in
 * clear are sealed; values DATA_ENCRYPTION_KEY sealed that belong to an application (or a cardholder, a card)
 * move to its data key, created where it has none; values of nobody sealed with an older key are re-sealed. Safe
 * on several instances at once: every write is conditional on the value it replaces. Answers how many it changed.
 */
export async function resealBatch(db: Database, keys: Keyring, limit = 200): Promise<number> {
  if (!shredded.has(db)) {
    await destroyOwnerKeys(keys, db, (await listErasedIds(db)).flatMap(ownersOfApplication));
    shredded.add(db);
  }
  let changed = await rewrapDataKeys(keys, db, limit);
  let unreadable = 0;
  const prefix = sealedPrefix(keys.current);
  for (const column of SEALED_COLUMNS) {
    // Paged by key: a value no configured key opens is passed over and never blocks the ones after it.
    let after = "";
    for (;;) {
      const page = await staleSealedValues(db, column, prefix, after, limit);
      if (page.length === 0 || changed >= limit) break;
      const rings = await ownerKeyrings(keys, db, [...new Set(page.flatMap((r) => (r.owner ? [r.owner] : [])))]);
      for (const row of page) {
        after = row.key;
        // An erased owner's leftovers stay as they are: retention removes them (lib/privacy/retention.ts).
        const ring = row.owner ? rings.get(row.owner) : keys;
        if (!ring) continue;
        try {
          if (await replaceSealedValue(db, column, row.key, row.value, seal(openLegacy(row.value, ring), ring))) changed++;
        } catch {
          unreadable++;
        }
      }
    }
  }
  const bodies = await clearRequestBodies(db, limit);
  const rings = await ownerKeyrings(keys, db, [...new Set(bodies.flatMap((r) => (r.owner ? [r.owner] : [])))]);
  for (const row of bodies) {
    const ring = row.owner ? rings.get(row.owner) : keys;
    await sealRequestBody(db, row.id, ring ? seal(row.body, ring) : null);
    changed++;
  }
  // Sealed with a key that is no longer configured: left as they are, and said.
  if (unreadable > 0) log.warn("reseal.unreadable", { values: unreadable });
  return changed;
}
