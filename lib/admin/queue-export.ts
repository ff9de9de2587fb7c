import "server-only";
import type { Keyring } from "@/lib/crypto/secret-box";
import type { Database } from "@/lib/db/types";
import { listQueue, type QueueCursor, type QueueFilter, type QueueSort } from "@/lib/db/work-queue";
import { rowOf } from "@/lib/admin/work-queue";

const COLUMNS = [
  "application_id",
  "product_id",
  "state",
  "name",
  "email",
  "cardholder_id",
  "created_at",
  "updated_at",
  "assigned_to",
] as const;
const BATCH = 500;

/** One CSV cell: quoted, and a leading = + - @ neutralised so that a spreadsheet never runs it as a formula. */
export function csvCell(value: string | null): string {
  const text = value ?? "";
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/**
 * The queue under `filter` as CSV, streamed a page at a time (keyset): memory stays flat whatever the number of
 * rows, and a client that stops reading stops the queries (the stream is pulled, never pushed).
 */
export function queueCsv(db: Database, keys: Keyring, filter: QueueFilter, sort: QueueSort): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: QueueCursor | undefined;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${COLUMNS.join(",")}\r\n`));
        return;
      }
      if (done) return controller.close();
      const page = await listQueue(db, filter, sort, cursor, BATCH);
      const lines = page.rows.map((r) => {
        const row = rowOf(r.app, keys, r.assigneeEmail ?? null);
        return [row.id, row.productId, row.state, row.name, row.email, row.cardholderId, row.createdAt, row.updatedAt, row.assignee]
          .map(csvCell)
          .join(",");
      });
      if (lines.length > 0) controller.enqueue(encoder.encode(`${lines.join("\r\n")}\r\n`));
      const last = page.rows.at(-1);
      if (!page.more || !last) done = true;
      else cursor = { at: last.sortAt, id: last.app.id };
    },
  });
}
