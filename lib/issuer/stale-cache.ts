/**
 * A value fetched on demand, fresh for `ttlMs`, then served stale while one background refresh runs, so a slow
 * issuer never delays a page once the value is known. Past `maxStaleMs` without a successful refresh, callers
 * wait for a fresh fetch again (and see its error), so a long outage is not hidden behind an old catalog.
 */
export type StaleCache<T> = { get: () => Promise<T> };

export function staleWhileRevalidate<T>(
  fetch: () => Promise<T>,
  { ttlMs, maxStaleMs, now = Date.now }: { ttlMs: number; maxStaleMs: number; now?: () => number },
): StaleCache<T> {
  let known: { at: number; value: T } | undefined;
  let inflight: Promise<T> | undefined;

  function refresh(): Promise<T> {
    inflight ??= fetch()
      .then((value) => {
        known = { at: now(), value };
        return value;
      })
      .finally(() => {
        inflight = undefined;
      });
    return inflight;
  }

  return {
    get() {
      if (!known) return refresh();
      const age = now() - known.at;
      if (age < ttlMs) return Promise.resolve(known.value);
      if (age >= maxStaleMs) return refresh();
      // A failed background refresh keeps the stale value; the next call tries again.
      refresh().catch(() => undefined);
      return Promise.resolve(known.value);
    },
  };
}
