import "server-only";
import { claimInboxEvents, failInboxEvent, finishInboxEvent } from "@/lib/db/webhook-inbox";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, openLegacy } from "@/lib/crypto/secret-box";
import { log } from "@/lib/log";
import type { AppDeps } from "@/lib/applications/deps";
import { envelopeSchema } from "@/lib/webhooks/envelope";
import { applyEvent, type FinishEvent } from "@/lib/webhooks/handlers";

/** A failing event is tried this many times (backoff from WEBHOOK_RETRY_BASE_MS, 1 s, doubling to 5 min), then poisoned. */
export const MAX_PROCESS_ATTEMPTS = 8;
export const PROCESS_BATCH = 50;
const LEASE_MS = 60_000;

export const processRetryDelayMs = (attempt: number, baseMs = 1000) => Math.min(baseMs * 2 ** (attempt - 1), 300_000);

export type ProcessOptions = {
  /** Awaited before each event: on PGlite's one connection, lets the receivers' inserts go first. */
  yieldToIngest?: () => Promise<void>;
  /** The first retry wait of a failing event (WEBHOOK_RETRY_BASE_MS); doubles with each try. */
  retryBaseMs?: number;
};

/** One pass over the inbox: claims due events (oldest event time first) and applies each. Answers how many it took. */
export async function processDueWebhooks(deps: AppDeps, options: ProcessOptions = {}): Promise<number> {
  const rows = await claimInboxEvents(deps.db, deps.now(), LEASE_MS, PROCESS_BATCH);
  // The data keys of the whole batch in one lookup.
  const ring = rows.length
    ? await readingKeyring(
        deps.keys,
        deps.db,
        rows.map((r) => r.body),
      )
    : deps.keys;
  for (const row of rows) {
    await options.yieldToIngest?.();
    try {
      const finish: FinishEvent = (db, r) => finishInboxEvent(db, row.eventId, r.outcome, deps.now(), r.note);
      // Received before its cardholder was erased, still pending then: nothing can open it any more.
      if (keyDestroyed(row.body, ring)) {
        await finish(deps.db, { outcome: "ignored", note: "erased: the cardholder's data key was destroyed" });
        continue;
      }
      const event = envelopeSchema.parse(JSON.parse(openLegacy(row.body, ring)));
      const result = await applyEvent(deps, event, row.eventAt, finish);
      if (!result.finished) await finish(deps.db, result);
    } catch (error) {
      const attempt = row.attempts + 1;
      const poisoned = attempt >= MAX_PROCESS_ATTEMPTS;
      const reason = error instanceof Error ? error.message : String(error);
      log.warn(poisoned ? "webhook.poisoned" : "webhook.retry", { event_id: row.eventId, type: row.eventType, attempt, reason });
      await failInboxEvent(
        deps.db,
        row.eventId,
        reason,
        new Date(deps.now().getTime() + processRetryDelayMs(attempt, options.retryBaseMs)),
        poisoned,
      );
    }
  }
  return rows.length;
}
