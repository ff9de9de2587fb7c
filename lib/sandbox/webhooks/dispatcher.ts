import "server-only";
import type { Database } from "@/lib/db/types";
import { log } from "@/lib/log";
import type { SandboxOutboxRow } from "@/lib/sandbox/schema";
import { claimDueEvents, markDelivered, recordAttempt, releaseLeases, scheduleRetry } from "@/lib/sandbox/store/outbox";
import { signWebhookBody } from "@/lib/sandbox/webhooks/sign";

/** A claimed event is this dispatcher's for this long; after that another instance may take it. */
export const DISPATCH_LEASE_MS = 60_000;
export const DISPATCH_BATCH = 20;
export const DELIVERY_TIMEOUT_MS = 10_000;
/** The sandbox's documented choice: retried with backoff for about six hours, then abandoned. */
export const MAX_ATTEMPTS = 30;
export const WEBHOOK_USER_AGENT = "issuer-sandbox-webhooks/1";
const MAX_BACKOFF_MS = 15 * 60_000;
const JITTER = 0.2;
// No new delivery starts once this much of the lease is used, so one always ends inside the lease.
const START_BUDGET_MS = DISPATCH_LEASE_MS - 2 * DELIVERY_TIMEOUT_MS;

export type DispatchDeps = {
  db: Database;
  now: Date;
  url: string;
  secret: string;
  fetchImpl?: typeof fetch;
  /** Tests shorten the per-request timeout; production uses DELIVERY_TIMEOUT_MS. */
  timeoutMs?: number;
};

type Outcome = { status: number | null; error: string | null; durationMs: number };

/**
 * Wait after failed attempt number `attempt` (1-based): min(2^(attempt-1) s, 15 min), ±20 % jitter so
 * that events failing together do not retry in lockstep.
 */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(2 ** Math.max(0, attempt - 1) * 1000, MAX_BACKOFF_MS);
  return Math.round(base * (1 - JITTER + 2 * JITTER * random()));
}

/**
 * One pass: claims due events and POSTs each, signed, to `url`. Returns how many were attempted.
 * A failed delivery is recorded and rescheduled, never thrown; only a failed claim rejects.
 */
export async function dispatchDueWebhooks(deps: DispatchDeps): Promise<number> {
  const claimed = await claimDueEvents(deps.db, deps.now, DISPATCH_LEASE_MS, DISPATCH_BATCH);
  // One at a time, oldest first: a receiver mostly sees a cardholder's events in the order they happened.
  const rows = [...claimed].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.eventId.localeCompare(b.eventId));
  const started = performance.now();
  let attempted = 0;
  for (const row of rows) {
    if (performance.now() - started > START_BUDGET_MS) break;
    attempted++;
    await deliverOne(row, deps).catch((error: unknown) =>
      // The lease still holds the row: it is tried again once the lease ends.
      log.error("sandbox.webhook_record_failed", { event_id: row.eventId, error: describeError(error, 0) }),
    );
  }
  await releaseLeases(
    deps.db,
    rows.slice(attempted).map((r) => r.eventId),
  ).catch(() => undefined);
  return attempted;
}

async function deliverOne(row: SandboxOutboxRow, deps: DispatchDeps): Promise<void> {
  const attempt = row.attempts + 1;
  const outcome = await post(row.body, deps);
  const ok = outcome.status !== null && outcome.status >= 200 && outcome.status < 300;
  const abandoned = !ok && attempt >= MAX_ATTEMPTS;
  await deps.db.transaction(async (tx) => {
    await recordAttempt(tx, {
      eventId: row.eventId,
      attempt,
      url: deps.url,
      httpStatus: outcome.status,
      error: outcome.error,
      ok,
      durationMs: outcome.durationMs,
      at: deps.now,
    });
    if (ok) await markDelivered(tx, row.eventId, outcome.status ?? 200, deps.now);
    else {
      const nextAttemptAt = new Date(deps.now.getTime() + (abandoned ? 0 : retryDelayMs(attempt)));
      await scheduleRetry(tx, row.eventId, { status: outcome.status, error: outcome.error, nextAttemptAt, abandoned });
    }
  });
  if (abandoned) {
    log.warn("sandbox.webhook_abandoned", {
      event_id: row.eventId,
      event_type: row.eventType,
      attempts: attempt,
      last_status: outcome.status,
      last_error: outcome.error,
    });
  }
}

async function post(body: string, deps: DispatchDeps): Promise<Outcome> {
  const timeoutMs = deps.timeoutMs ?? DELIVERY_TIMEOUT_MS;
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await (deps.fetchImpl ?? fetch)(deps.url, {
      method: "POST",
      body,
      headers: {
        "content-type": "application/json",
        "x-wk-signature": signWebhookBody(body, deps.secret),
        "user-agent": WEBHOOK_USER_AGENT,
      },
      // A redirect is not an answer: only a 2xx from the registered URL counts as delivered.
      redirect: "manual",
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => undefined);
    return { status: response.status, error: null, durationMs: elapsed() };
  } catch (error) {
    return { status: null, error: describeError(error, timeoutMs), durationMs: elapsed() };
  }
}

/** fetch's own message is just "fetch failed": the cause (ECONNREFUSED, DNS, TLS...) is what helps. */
function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error).slice(0, 500);
  if (error.name === "TimeoutError") return `No answer within ${timeoutMs} ms (timeout).`;
  const cause: unknown = error.cause;
  let detail = "";
  if (cause instanceof Error) {
    const code = "code" in cause && typeof cause.code === "string" ? cause.code : "";
    detail = cause.message || code || cause.name;
    if (code && !detail.includes(code)) detail = `${code} ${detail}`;
  }
  return (detail ? `${error.message}: ${detail}` : error.message).slice(0, 500);
}
