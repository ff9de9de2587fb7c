import { sql } from "drizzle-orm";
import { keyringOf } from "@/lib/crypto/secret-box";
import { countOutbox } from "@/lib/db/mail-outbox";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";
import { queueMail } from "@/lib/mail/queue";
import { TEST_MAIL_SETTINGS } from "@/lib/mail/testing";
import type { CountingCatcher } from "@/lib/mail/testing/counting-catcher";
import { waitFor } from "@/test/wait-for";

// What the exactly-once tests share: queuing many messages sealed with one known key, and the checks on them.

export const KEY_SECRET = "mail exactly-once test key";
const keys = keyringOf(KEY_SECRET);
const link = "http://portal.test/apply/resume/" + "R".repeat(43);

/** Queues `n` resume links to distinct addresses; answers their outbox ids in queue order. */
export async function queueMany(db: Database, n: number, tag: string): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const to = `${tag}-${i}@applicant.example`;
    const params = { link, expires: "2026-12-10T10:00:00Z" };
    const row = await queueMail(db, TEST_MAIL_SETTINGS, { kind: "resume_link", locale: "en", to, ring: keys, params }, new Date());
    if (!row) throw new Error("queueMail answered nothing");
    ids.push(row.id);
  }
  return ids;
}

/** Waits (generously: the machine is shared) until no message is pending, then expects none failed. */
export async function waitAllSent(db: Database, timeoutMs = 45_000): Promise<void> {
  const counts = await waitFor(
    async () => {
      const c = await countOutbox(db);
      return c.pending === 0 ? c : undefined;
    },
    { timeoutMs, intervalMs: 50, what: "every message sent" },
  );
  if (counts.failed > 0 || counts.cancelled > 0) throw new Error(`not all sent: ${JSON.stringify(counts)}`);
}

/**
 * Waits until the catcher has every id at least once. The outbox says sent just before the final "." leaves (the
 * commit comes first, lib/mail/smtp.ts), so a sender in another process can be read as done a moment before its
 * last message arrives: a check right after waitAllSent once saw that message at 0 on a loaded CI machine. A message
 * really lost still fails the check that follows (after 10 s), which names it.
 */
export async function waitDelivered(catcher: CountingCatcher, ids: string[]): Promise<void> {
  const arrived = () => ids.every((id) => (catcher.counts.get(id) ?? 0) > 0);
  await waitFor(arrived, { timeoutMs: 10_000, intervalMs: 20, what: "every message at the server" }).catch(() => undefined);
}

/** The ids delivered other than once: [id, count] pairs, empty when every one arrived exactly once. */
export const notOnce = (catcher: CountingCatcher, ids: string[]) =>
  ids.map((id) => [id, catcher.counts.get(id) ?? 0] as const).filter(([, n]) => n !== 1);

/** The one message a sender holds now (claimed, not sent): the sender is stopped at its MAIL FROM. */
export async function leasedMailId(db: Database): Promise<string> {
  const result = await db.execute(sql`select id from mail_outbox where state = 'pending' and lease_until is not null`);
  const rows = rowsOf<{ id: string }>(result);
  if (rows.length !== 1) throw new Error(`expected one leased message, found ${rows.length}`);
  return rows[0]!.id;
}

/** True once some session waits for a row lock in an update of the outbox (the sender's commit, blocked). */
export async function commitBlocked(db: Database): Promise<boolean> {
  const result = await db.execute(
    sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike 'update "mail_outbox"%' and datname = current_database()`,
  );
  return rowsOf(result).length > 0;
}
