import { describe, expect, it } from "vitest";
import { staleWhileRevalidate } from "@/lib/issuer/stale-cache";

function setup() {
  let clock = 0;
  let calls = 0;
  const answers: Array<() => Promise<string>> = [];
  const cache = staleWhileRevalidate(
    () => {
      calls += 1;
      const next = answers.shift();
      return next ? next() : Promise.resolve(`v${calls}`);
    },
    { ttlMs: 60_000, maxStaleMs: 3_600_000, now: () => clock },
  );
  return {
    cache,
    calls: () => calls,
    tick: (ms: number) => (clock += ms),
    fail: () => answers.push(() => Promise.reject(new Error("issuer down"))),
  };
}

describe("staleWhileRevalidate", () => {
  it("fetches once and serves the value while it is fresh", async () => {
    const s = setup();
    expect(await s.cache.get()).toBe("v1");
    s.tick(59_999);
    expect(await s.cache.get()).toBe("v1");
    expect(s.calls()).toBe(1);
  });

  it("concurrent first callers share one fetch", async () => {
    const s = setup();
    expect(await Promise.all([s.cache.get(), s.cache.get(), s.cache.get()])).toEqual(["v1", "v1", "v1"]);
    expect(s.calls()).toBe(1);
  });

  it("once stale, answers at once with the old value and refreshes in the background", async () => {
    const s = setup();
    await s.cache.get();
    s.tick(60_000);
    expect(await s.cache.get()).toBe("v1");
    expect(s.calls()).toBe(2);
    await Promise.resolve();
    expect(await s.cache.get()).toBe("v2");
  });

  it("a failed first fetch is not remembered", async () => {
    const s = setup();
    s.fail();
    await expect(s.cache.get()).rejects.toThrow("issuer down");
    expect(await s.cache.get()).toBe("v2");
  });

  it("a failed background refresh keeps the stale value, and the next call tries again", async () => {
    const s = setup();
    await s.cache.get();
    s.tick(120_000);
    s.fail();
    expect(await s.cache.get()).toBe("v1");
    await new Promise((r) => setTimeout(r, 0));
    expect(await s.cache.get()).toBe("v1");
    await new Promise((r) => setTimeout(r, 0));
    expect(await s.cache.get()).toBe("v3");
  });

  it("past the longest staleness, callers wait for the issuer and see its error", async () => {
    const s = setup();
    await s.cache.get();
    s.tick(3_600_000);
    s.fail();
    await expect(s.cache.get()).rejects.toThrow("issuer down");
  });
});
