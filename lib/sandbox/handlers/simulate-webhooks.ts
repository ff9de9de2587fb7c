import "server-only";
import type { SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { success } from "@/lib/sandbox/http";
import { listDeliveries, type SandboxDelivery } from "@/lib/sandbox/store/outbox";

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 500;
const MAX_EVENT_TYPE_CHARS = 100;

/**
 * GET /sandbox/simulate/webhooks[?limit=1..500&event_type=...] - the delivery log, newest event first,
 * each with every attempt in order. The body is left out: the receiver has it, and it may be large.
 */
export const listWebhookDeliveries: SandboxHandler = async (ctx) => {
  const limit = parseLimit(ctx.query.get("limit"));
  const eventType = ctx.query.get("event_type")?.trim() || undefined;
  if (eventType && eventType.length > MAX_EVENT_TYPE_CHARS) {
    throw new SandboxError("VALIDATION_ERROR", "event_type is too long.", {
      event_type: `must be at most ${MAX_EVENT_TYPE_CHARS} characters`,
    });
  }
  const rows = await listDeliveries(ctx.db, { limit, eventType });
  return success(rows.map(toWire));
};

function parseLimit(raw: string | null): number {
  if (raw === null || raw.trim() === "") return DEFAULT_LIMIT;
  const value = /^\d{1,4}$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!(value >= 1 && value <= MAX_LIMIT)) {
    throw new SandboxError("VALIDATION_ERROR", `limit must be an integer from 1 to ${MAX_LIMIT}.`, {
      limit: `must be an integer from 1 to ${MAX_LIMIT}`,
    });
  }
  return value;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toWire(row: SandboxDelivery) {
  return {
    event_id: row.eventId,
    event_type: row.eventType,
    state: row.state,
    attempts: row.attempts,
    last_status: row.lastStatus,
    last_error: row.lastError,
    created_at: iso(row.createdAt),
    delivered_at: iso(row.deliveredAt),
    // Only meaningful while pending: a delivered or abandoned event has no next attempt.
    next_attempt_at: row.state === "pending" ? iso(row.nextAttemptAt) : null,
    attempt_log: row.attemptLog.map((a) => ({
      attempt: a.attempt,
      at: iso(a.at),
      url: a.url,
      http_status: a.httpStatus,
      ok: a.ok,
      duration_ms: a.durationMs,
      error: a.error,
    })),
  };
}
