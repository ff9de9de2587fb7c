import "server-only";
import { dropStaleSentPayloads } from "@/lib/db/mail-outbox";
import { tryTransactionLock } from "@/lib/db/retention";
import type { DbHandle } from "@/lib/db/types";
import { MAIL_BATCH, sendDueMail, type SenderDeps } from "@/lib/mail/sender";

// One pass of a portal instance's sender (lib/mail/worker.ts runs it in its loop; the crash tests in a process).

/** The advisory lock of the sender: one instance sends at a time on Postgres. */
export const SENDER_LOCK = 7_240_126;
/** How often a process sweeps the payloads a crashed sender left on sent rows, and how old they must be. */
const SWEEP_EVERY_MS = 10 * 60_000;
const SWEEP_AGE_MS = 10 * 60_000;

let lastSweep = 0;

/** Sends a batch; answers whether more may be due at once, and false when another instance holds the lock. */
export async function sendPass(kind: DbHandle["kind"], deps: SenderDeps): Promise<{ more: boolean; locked: boolean }> {
  const now = deps.now().getTime();
  if (now - lastSweep >= SWEEP_EVERY_MS) {
    lastSweep = now;
    await dropStaleSentPayloads(deps.db, new Date(now - SWEEP_AGE_MS));
  }
  if (kind === "pglite") return { more: (await sendDueMail(deps)) >= MAIL_BATCH, locked: true };
  // The lock's transaction only holds the lock; each message's writes commit on their own (before its final ".").
  return deps.db.transaction(async (lock) => {
    if (!(await tryTransactionLock(lock, SENDER_LOCK))) return { more: false, locked: false };
    return { more: (await sendDueMail(deps)) >= MAIL_BATCH, locked: true };
  });
}
