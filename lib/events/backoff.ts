// When a failed delivery is tried again (docs/events.md, "Retries"): exponential backoff with full jitter, for up
// to three days after the event was written; then the delivery is abandoned.

export type RetryPolicy = { baseMs: number; capMs: number; windowMs: number };

export const RETRY_POLICY: RetryPolicy = { baseMs: 30_000, capMs: 6 * 3_600_000, windowMs: 3 * 24 * 3_600_000 };

/** The ceiling of the wait after failed attempt `attempt` (1-based): base · 2^(attempt−1), at most the cap. */
export function backoffCeilingMs(attempt: number, policy: RetryPolicy = RETRY_POLICY): number {
  return Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(attempt - 1, 0), 40));
}

/**
 * The next attempt's time, or undefined when the window since the event ran out (abandon it). Full jitter: a
 * random wait up to the ceiling, so receivers coming back from an outage are not hit by every sender at once.
 */
export function nextAttemptAt(
  attempt: number,
  eventCreatedAt: Date,
  now: Date,
  random: () => number = Math.random,
  policy: RetryPolicy = RETRY_POLICY,
): Date | undefined {
  const at = new Date(now.getTime() + Math.floor(random() * backoffCeilingMs(attempt, policy)));
  return at.getTime() - eventCreatedAt.getTime() > policy.windowMs ? undefined : at;
}
