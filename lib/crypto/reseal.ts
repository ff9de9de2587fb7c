import "server-only";
import { clearRequestBodies, replaceSealedValue, SEALED_COLUMNS, sealRequestBody, staleSealedValues } from "@/lib/db/sealed-columns";
import type { Database } from "@/lib/db/types";
import { openLegacy, seal, type Keyring } from "@/lib/crypto/secret-box";
import { log } from "@/lib/log";

/**
 * One pass of the background sealing: values 0.1 kept in clear are sealed, values an older key sealed (during a
 * DATA_ENCRYPTION_KEY rotation) are re-sealed with the current one. Safe on several instances at once: every
 * write is conditional on the value it replaces. Answers how many values it changed.
 */
export async function resealBatch(db: Database, keys: Keyring, limit = 200): Promise<number> {
  let changed = 0;
  let unreadable = 0;
  const prefix = `v2.${keys.current.id}.`;
  for (const column of SEALED_COLUMNS) {
    // Paged by key: a value no configured key opens is passed over and never blocks the ones after it.
    let after = "";
    for (;;) {
      const page = await staleSealedValues(db, column, prefix, after, limit);
      if (page.length === 0 || changed >= limit) break;
      for (const row of page) {
        after = row.key;
        try {
          if (await replaceSealedValue(db, column, row.key, row.value, seal(openLegacy(row.value, keys), keys))) changed++;
        } catch {
          unreadable++;
        }
      }
    }
  }
  for (const row of await clearRequestBodies(db, limit)) {
    await sealRequestBody(db, row.id, seal(row.body, keys));
    changed++;
  }
  // Sealed with a key that is no longer configured: left as they are, and said.
  if (unreadable > 0) log.warn("reseal.unreadable", { values: unreadable });
  return changed;
}
