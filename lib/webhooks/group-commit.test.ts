import { describe, expect, it } from "vitest";
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

  it("quiet(wait, calm) also waits until nothing was submitted for `calm`, within the wait", async () => {
    const r = recorder();
    const group = createGroupCommit(r.flush);
    await group.submit(1);
    const started = Date.now();
    await group.quiet(1_000, 40); // stored, but submitted a moment ago: waits out the calm
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(Date.now() - started).toBeLessThan(900);

    // Submissions every 10 ms keep it waiting until its wait is over.
    let busy = true;
    const feed = (async () => {
      while (busy) {
        await group.submit(2);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    const before = Date.now();
    await group.quiet(150, 40);
    expect(Date.now() - before).toBeGreaterThanOrEqual(140);
    busy = false;
    await feed;
  });
});
