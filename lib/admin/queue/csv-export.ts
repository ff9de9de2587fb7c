import "server-only";
import { keysetCsv } from "@/lib/admin/csv";
import { readingKeyring } from "@/lib/crypto/data-keys";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import type { KeysetCursor } from "@/lib/db/keyset";
import { listQueue, type QueueFilter, type QueueSort } from "@/lib/db/work-queue";
import { rowOf } from "@/lib/admin/queue/list";
import { referenceOf } from "@/lib/applications/reference";

const COLUMNS = [
  "application_id",
  // The short reference customers quote (lib/applications/reference.ts), so a row can be matched to a call.
  "reference",
  "product_id",
  "state",
  "name",
  "email",
  "cardholder_id",
  "created_at",
  "updated_at",
  "assigned_to",
  // The merchant's own customer id (invitations, the merchant API), last so older readers' columns keep their place.
  "merchant_reference",
] as const;
const BATCH = 500;

/**
 * The queue under `filter` as CSV, streamed a page at a time (keyset): memory stays flat whatever the number of
 * rows, and a client that stops reading stops the queries (the stream is pulled, never pushed).
 */
export function queueCsv(db: Database, keys: Keyring, filter: QueueFilter, sort: QueueSort): ReadableStream<Uint8Array> {
  return keysetCsv<KeysetCursor>(COLUMNS, async (cursor) => {
    const page = await listQueue(db, filter, sort, cursor, BATCH);
    const ring = await readingKeyring(
      keys,
      db,
      page.rows.map((r) => r.app.draftCiphertext),
    );
    const rows = page.rows.map((r) => {
      const row = rowOf(r.app, ring, r.assigneeEmail ?? null);
      return [
        row.id,
        referenceOf(row.id),
        row.productId,
        row.state,
        row.name,
        row.email,
        row.cardholderId,
        row.createdAt,
        row.updatedAt,
        row.assignee,
        r.app.merchantReference ?? "",
      ];
    });
    const last = page.rows.at(-1);
    return { rows, next: page.more && last ? { at: last.sortAt, id: last.app.id } : undefined };
  });
}
