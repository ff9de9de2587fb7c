import "server-only";
import type { Keyring } from "@/lib/crypto/secret-box";
import { claimDueDeliveries, markAttemptFailed, markDelivered, type AttemptResult, type DisableRule } from "@/lib/db/event-deliveries";
import { findEndpoints } from "@/lib/db/event-endpoints";
import { findEvents } from "@/lib/db/event-outbox";
import { TEST_EVENT_TYPE, type EventDelivery, type EventEndpoint, type OutboxEvent } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import type { Mode } from "@/lib/env-parse";
import { nextAttemptAt, RETRY_POLICY, type RetryPolicy } from "@/lib/events/backoff";
import { DELIVERY_TIMEOUT_MS, isSuccess, postEvent } from "@/lib/events/deliver";
import { signingSecrets } from "@/lib/events/endpoints";
import { eventBodyText } from "@/lib/events/payload";
import { signedHeaders } from "@/lib/events/signing";
import { log } from "@/lib/log";

// Delivers due outbound events (docs/events.md): a batch claimed with a lease, each posted once per claim, the
// outcome committed only while the claim holds. A runner that dies leaves its claims to run out: the attempt is
// made again (at least once; receivers drop a repeated `webhook-id`).

export const EVENT_BATCH = 20;
/** Longer than the timeout with room to commit, so a live runner never loses its claim mid-attempt. */
export const EVENT_LEASE_MS = DELIVERY_TIMEOUT_MS * 3;
/** An endpoint goes off after 15 failed attempts in a row spread over at least a day without a 2xx. */
export const DISABLE_RULE: DisableRule = { afterFailures: 15, afterMs: 24 * 3_600_000 };

export type RunnerDeps = {
  db: Database;
  keys: Keyring;
  mode: Mode;
  now: () => Date;
  random?: () => number;
  retry?: RetryPolicy;
  disable?: DisableRule;
  leaseMs?: number;
  timeoutMs?: number;
  /** Told when the runner disables an endpoint (staff are: lib/jobs/event-delivery.ts). */
  onDisabled?: (endpoint: EventEndpoint) => Promise<void>;
};

/** Claims and delivers one batch, side by side; answers how many deliveries it took. */
export async function deliverDueEvents(deps: RunnerDeps, limit = EVENT_BATCH): Promise<number> {
  const claimed = await claimDueDeliveries(deps.db, deps.now(), deps.leaseMs ?? EVENT_LEASE_MS, limit);
  if (claimed.length === 0) return 0;
  const [events, endpoints] = await Promise.all([
    findEvents(deps.db, [...new Set(claimed.map((d) => d.eventId))]),
    findEndpoints(deps.db, [...new Set(claimed.map((d) => d.endpointId))]),
  ]);
  const eventOf = new Map(events.map((e) => [e.id, e]));
  const endpointOf = new Map(endpoints.map((e) => [e.id, e]));
  await Promise.all(
    claimed.map(async (delivery) => {
      const event = eventOf.get(delivery.eventId);
      const endpoint = endpointOf.get(delivery.endpointId);
      // Deleted meanwhile (the cascade took the delivery too): nothing to send.
      if (!event || !endpoint) return;
      await attempt(deps, delivery, event, endpoint);
    }),
  );
  return claimed.length;
}

/** One attempt of one delivery, and its outcome recorded. */
export async function attempt(deps: RunnerDeps, delivery: EventDelivery, event: OutboxEvent, endpoint: EventEndpoint): Promise<void> {
  const at = deps.now();
  const result = await send(deps, event, endpoint, at);
  const now = deps.now();
  if (isSuccess(result)) {
    const kept = await markDelivered(deps.db, delivery, result, now);
    if (!kept) log.warn("events.claim_lost", { delivery: delivery.id, eventId: event.id });
    return;
  }
  // A test event gets one attempt: staff sent it to see the answer now, not a retry days later.
  const retryAt =
    event.type === TEST_EVENT_TYPE
      ? undefined
      : nextAttemptAt(delivery.attempts, event.createdAt, now, deps.random, deps.retry ?? RETRY_POLICY);
  const marked = await markAttemptFailed(deps.db, delivery, result, retryAt, deps.disable ?? DISABLE_RULE, now);
  if (!retryAt) log.warn("events.delivery_abandoned", { delivery: delivery.id, eventId: event.id, endpoint: endpoint.id });
  if (marked?.disabled) {
    log.warn("events.endpoint_disabled", { endpoint: endpoint.id, after: delivery.attempts });
    await deps.onDisabled?.(endpoint);
  }
}

async function send(deps: RunnerDeps, event: OutboxEvent, endpoint: EventEndpoint, at: Date): Promise<AttemptResult> {
  let secrets: string[];
  try {
    secrets = signingSecrets(endpoint, deps.keys, at);
  } catch (error) {
    // A secret that no configured key opens: nothing can be signed, the attempt fails without a request.
    const message = error instanceof Error ? error.message : String(error);
    return { status: null, latencyMs: 0, excerpt: null, error: `secret: ${message}`.slice(0, 500), startedAt: at };
  }
  const body = eventBodyText(event);
  return postEvent(endpoint.url, signedHeaders(secrets, event.id, at, body), body, {
    mode: deps.mode,
    timeoutMs: deps.timeoutMs ?? DELIVERY_TIMEOUT_MS,
  });
}
