import "server-only";
import { readingKeyring } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import { applicationsToIndex, setSearchColumns } from "@/lib/db/search-index";
import type { Database } from "@/lib/db/types";
import { readDraft } from "@/lib/applications/draft-store";
import { indexMarker, searchColumnsOf } from "@/lib/applications/search-index";

/** Rebuilds the staff search index of applications indexed with another key (or never); answers how many. */
export async function reindexBatch(db: Database, keys: Keyring, limit = 200): Promise<number> {
  const rows = await applicationsToIndex(db, indexMarker(keys), limit);
  const ring = await readingKeyring(
    keys,
    db,
    rows.map((r) => r.draftCiphertext),
  );
  for (const row of rows) {
    let draft: Record<string, unknown> = {};
    try {
      draft = readDraft(row, ring);
    } catch {
      // Sealed with a key no longer configured: indexed as empty, so it is not tried again every minute.
    }
    await setSearchColumns(db, row.id, searchColumnsOf(draft, keys));
  }
  return rows.length;
}
