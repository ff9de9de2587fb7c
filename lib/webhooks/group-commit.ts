// Group commit: concurrent callers submit items; one flush writes every item queued so far in one statement,
// and each caller's promise settles only when that flush has finished (stored durably, or failed for all).
// One flush at a time: the items that arrive while it runs make up the next one.

export type GroupCommitOptions<T> = {
  /** How long the first item of a batch waits for company (0: until the current I/O phase ends). */
  lingerMs?: number;
  /** At most this many items per flush. */
  maxItems?: number;
  /** With `sizeOf`: a flush stops adding items past this many bytes (one item always fits). */
  maxBytes?: number;
  sizeOf?: (item: T) => number;
};

export type GroupCommit<T, R> = {
  submit: (item: T) => Promise<R>;
  /** True while nothing is queued or being written. */
  idle: () => boolean;
  /**
   * Resolves once nothing is queued or being written and nothing was submitted for `calmMs`, or after
   * `maxWaitMs`, whichever comes first.
   */
  quiet: (maxWaitMs: number, calmMs?: number) => Promise<void>;
};

type Waiter<T, R> = { item: T; resolve: (result: R) => void; reject: (error: unknown) => void };

/** `flush` answers one result per item, in the items' order; a throw fails every item of that flush. */
export function createGroupCommit<T, R>(flush: (items: T[]) => Promise<R[]>, options: GroupCommitOptions<T> = {}): GroupCommit<T, R> {
  const { lingerMs = 1, maxItems = 200, maxBytes = Infinity, sizeOf = () => 0 } = options;
  const queue: Array<Waiter<T, R>> = [];
  let flushing = false;
  let scheduled = false;
  let quietWaiters: Array<() => void> = [];
  let lastSubmitAt = -Infinity;

  const idle = () => queue.length === 0 && !flushing && !scheduled;
  const notifyQuiet = () => {
    if (!idle()) return;
    const waiters = quietWaiters;
    quietWaiters = [];
    for (const wake of waiters) wake();
  };

  const schedule = (delayMs: number) => {
    if (scheduled || flushing) return;
    scheduled = true;
    const run = () => void flushNext();
    if (delayMs > 0) setTimeout(run, delayMs);
    else setImmediate(run);
  };

  const take = () => {
    let bytes = 0;
    let count = 0;
    while (count < queue.length && count < maxItems) {
      const size = sizeOf((queue[count] as Waiter<T, R>).item);
      if (count > 0 && bytes + size > maxBytes) break;
      bytes += size;
      count += 1;
    }
    return queue.splice(0, count);
  };

  async function flushNext() {
    scheduled = false;
    flushing = true;
    const batch = take();
    try {
      const results = await flush(batch.map((w) => w.item));
      if (results.length !== batch.length) throw new Error(`group commit: ${results.length} results for ${batch.length} items`);
      batch.forEach((w, i) => w.resolve(results[i] as R));
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      flushing = false;
      // Whoever queued during this flush has waited long enough: no linger for them.
      if (queue.length > 0) schedule(0);
      notifyQuiet();
    }
  }

  return {
    submit: (item) =>
      new Promise<R>((resolve, reject) => {
        lastSubmitAt = Date.now();
        queue.push({ item, resolve, reject });
        schedule(lingerMs);
      }),
    idle,
    quiet: (maxWaitMs, calmMs = 0) =>
      new Promise<void>((resolve) => {
        const deadline = Date.now() + maxWaitMs;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const done = () => {
          clearTimeout(timer);
          quietWaiters = quietWaiters.filter((w) => w !== check);
          resolve();
        };
        // Woken when the queue drains, or by its own timer: either the calm has lasted, or it waits some more.
        function check() {
          const now = Date.now();
          if (now >= deadline) return done();
          clearTimeout(timer);
          if (idle()) {
            const rest = lastSubmitAt + calmMs - now;
            if (rest <= 0) return done();
            timer = setTimeout(check, Math.min(rest, deadline - now));
          } else {
            if (!quietWaiters.includes(check)) quietWaiters.push(check);
            timer = setTimeout(check, deadline - now);
          }
        }
        check();
      }),
  };
}
