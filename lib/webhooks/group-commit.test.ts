import { describe, expect, it, vi } from "vitest";
import { createGroupCommit } from "@/lib/webhooks/group-commit";

/** A flush that records its batches and answers each item doubled; `gate` holds a flush until released. */
function recorder(options: { failWhen?: (items: number[]) => boolean } = {}) {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let gate: Promise<void> | undefined;
  const flush = async (items: number[]) => {
    batches.push(items);
    if (gate) await gate;
    if (options.failWhen?.(items)) throw new Error("batch failed");
    return items.map((n) => n * 2);
  };
  const hold = () => {
    gate = new Promise((r) => (release = r));
  };
  const open = () => {
    gate = undefined;
    release?.();
  };
  return { batches, flush, hold, open };
}

describe("group commit", () => {
  it("writes concurrent submissions as one batch, in arrival order, and answers each its own result", async () => {
    const r = recorder();
    const group = createGroupCommit(r.flush);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => group.submit(n)));
    expect(answers).toEqual([2, 4, 6, 8, 10]);
    expect(r.batches).toEqual([[1, 2, 3, 4, 5]]);
    expect(group.idle()).toBe(true);
  });

  it("one flush at a time: what arrives during a flush is the next batch", async () => {
    const r = recorder();
    const group = createGroupCommit(r.flush, { lingerMs: 0 });
    r.hold();
    const first = group.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(r.batches).toEqual([[1]]);
    const later = [group.submit(2), group.submit(3)];
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Still one flush: 2 and 3 wait for the first to be durable.
    expect(r.batches).toEqual([[1]]);
    r.open();
    expect(await Promise.all([first, ...later])).toEqual([2, 4, 6]);
    expect(r.batches).toEqual([[1], [2, 3]]);
  });

  it("a failing flush rejects every waiter of that batch, and only those", async () => {
    const r = recorder({ failWhen: (items) => items.includes(13) });
    const group = createGroupCommit(r.flush);
    const failed = await Promise.allSettled([12, 13, 14].map((n) => group.submit(n)));
    expect(failed.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    expect(await group.submit(15)).toBe(30);
    expect(r.batches).toEqual([[12, 13, 14], [15]]);
  });

  it("a flush answering the wrong number of results fails its batch rather than mis-answering", async () => {
    const group = createGroupCommit(async (items: number[]) => items.slice(1));
    const settled = await Promise.allSettled([1, 2].map((n) => group.submit(n)));
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected"]);
  });

  it("caps a batch by count and by bytes (one oversized item still goes alone)", async () => {
    const r = recorder();
    const byCount = createGroupCommit(r.flush, { maxItems: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((n) => byCount.submit(n)));
    expect(r.batches).toEqual([[1, 2], [3, 4], [5]]);
    r.batches.length = 0;
    const byBytes = createGroupCommit(r.flush, { maxBytes: 10, sizeOf: (n) => n });
    await Promise.all([4, 5, 30, 1].map((n) => byBytes.submit(n)));
    expect(r.batches).toEqual([[4, 5], [30], [1]]);
  });

  it("quiet() resolves when the queue drains, or after its wait", async () => {
    const r = recorder();
    const group = createGroupCommit(r.flush);
    await group.quiet(1_000); // idle: at once
    r.hold();
    const pending = group.submit(1);
    let quiet = false;
    const waiting = group.quiet(60_000).then(() => (quiet = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(quiet).toBe(false);
    r.open();
    await pending;
    await waiting;
    expect(quiet).toBe(true);
    r.hold();
    const stuck = group.submit(2);
    await group.quiet(5); // gives up waiting, the flush still runs
    expect(group.idle()).toBe(false);
    r.open();
    expect(await stuck).toBe(4);
  });

  // On a fake clock: measured on the real one, a loaded machine delayed the test's own steps past the calm (a
  // chance failure, 34 ms of an expected 35).
  it("quiet(wait, calm) also waits until nothing was submitted for `calm`, within the wait", async () => {
    vi.useFakeTimers();
    try {
      const r = recorder();
      const group = createGroupCommit(r.flush);
      const stored = group.submit(1);
      await vi.advanceTimersByTimeAsync(1); // the linger
      expect(await stored).toBe(2);
      let quiet = false;
      const calm = group.quiet(60_000, 40).then(() => (quiet = true)); // stored, but submitted a moment ago
      await vi.advanceTimersByTimeAsync(38);
      expect(quiet).toBe(false);
      await vi.advanceTimersByTimeAsync(2);
      await calm;

      // Submissions every 10 ms keep it waiting until its wait is over.
      quiet = false;
      void group.submit(2);
      const busy = group.quiet(150, 40).then(() => (quiet = true));
      for (let elapsed = 10; elapsed < 150; elapsed += 10) {
        await vi.advanceTimersByTimeAsync(10);
        expect(quiet).toBe(false);
        void group.submit(2);
      }
      await vi.advanceTimersByTimeAsync(10);
      await busy;
      expect(quiet).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
