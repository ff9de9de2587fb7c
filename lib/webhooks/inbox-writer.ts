import "server-only";
import { insertInboxEvents } from "@/lib/db/webhook-inbox";
import type { Database } from "@/lib/db/types";
import { createGroupCommit, type GroupCommit } from "@/lib/webhooks/group-commit";
import { sealInboxBatch, type InboxSubmission } from "@/lib/webhooks/inbox-seal";

/** A batch stops growing past this many body bytes (a body may be up to 1 MiB). */
const MAX_BATCH_BYTES = 8 * 1024 * 1024;

export type InboxWriter = GroupCommit<InboxSubmission, boolean>;

// One writer per database handle: every receiver of the process shares its batches. Kept on globalThis: the
// route handlers and the processor (started from instrumentation) are separate bundles with their own copies of
// this module, and the processor's wait for a quiet inbox must watch the receivers' writer, not one of its own.
const holder = globalThis as typeof globalThis & { __inboxWriters?: WeakMap<Database, InboxWriter> };
const writers = (holder.__inboxWriters ??= new WeakMap<Database, InboxWriter>());

/**
 * The process's group-commit writer of the inbox on `db`: seals each batch's bodies (one data-key lookup for the
 * batch) and stores them in one statement; answers true when the row stored its event.
 */
export function inboxWriter(db: Database): InboxWriter {
  let writer = writers.get(db);
  if (!writer) {
    writer = createGroupCommit(async (items: InboxSubmission[]) => insertInboxEvents(db, await sealInboxBatch(db, items)), {
      lingerMs: 1,
      maxItems: 200,
      maxBytes: MAX_BATCH_BYTES,
      sizeOf: (item) => item.text.length,
    });
    writers.set(db, writer);
  }
  return writer;
}
