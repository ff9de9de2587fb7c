// Tests wait for a condition, never for a guessed duration: a slow machine only makes them slower.
// The real timer and clock are taken at import, so a test that fakes timers can still wait here.
const realSetTimeout = globalThis.setTimeout;
const realNow = Date.now;

export type WaitForOptions = {
  /** Give up after this long (a cap against hanging, not an assertion on speed). */
  timeoutMs?: number;
  /** Pause between two probes. */
  intervalMs?: number;
  /** Named in the error when the condition never holds. */
  what?: string;
};

/**
 * Probes until it answers something truthy and returns that answer; a probe that throws counts as
 * "not yet". After `timeoutMs` it fails, naming `what` and the last answer or error.
 */
export async function waitFor<T>(probe: () => T | Promise<T>, options: WaitForOptions = {}): Promise<NonNullable<T>> {
  const { timeoutMs = 10_000, intervalMs = 10, what = "the condition" } = options;
  const deadline = realNow() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const answer = await probe();
      if (answer) return answer as NonNullable<T>;
      last = answer;
    } catch (error) {
      last = error;
    }
    if (realNow() >= deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last);
      throw new Error(`waitFor: ${what} did not hold within ${timeoutMs} ms (last: ${detail})`);
    }
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}
