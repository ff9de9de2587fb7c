import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLoop, stopLoop, wakeLoop } from "@/lib/jobs/background-loop";

// The loop's timers run on a fake clock: "not before the interval" and "never again" are shown by
// moving the clock, where sleeping could only show "not yet".
const HOUR = 3_600_000;
beforeEach(() => void vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] }));
/** A few ms of fake clock: enough for whatever is set "at once" (0 ms, run as 1 ms inside a tick), nowhere near an hour. */
const runSoon = () => vi.advanceTimersByTimeAsync(10);
/** Ticks held in flight until the test lets them finish; a failed test lets them all go. */
const release: Array<() => void> = [];
const held = () => new Promise<void>((resolve) => release.push(resolve));
afterEach(async () => {
  release.splice(0).forEach((go) => go());
  await stopLoop("test.loop");
  vi.useRealTimers();
});

describe("background loop", () => {
  it("runs once at start, again only when woken (the interval here is an hour), never twice at a time", async () => {
    let ticks = 0;
    let inFlight = 0;
    let overlap = false;
    const tick = async () => {
      inFlight += 1;
      overlap ||= inFlight > 1;
      ticks += 1;
      await held();
      inFlight -= 1;
      return { more: false };
    };
    startLoop("test.loop", HOUR, tick);
    startLoop("test.loop", HOUR, tick); // a second start is a no-op
    await runSoon();
    expect(ticks).toBe(1);

    // Two wakes during the tick: one more tick after it, none beside it.
    wakeLoop("test.loop");
    wakeLoop("test.loop");
    await runSoon();
    expect(ticks).toBe(1);
    release.shift()?.();
    await runSoon();
    expect(ticks).toBe(2);
    release.shift()?.();

    await vi.advanceTimersByTimeAsync(HOUR - 1);
    expect(ticks).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks).toBe(3); // the interval's own tick
    release.shift()?.();
    expect(overlap).toBe(false);
  });

  it("keeps going after a failing tick and runs again at once while there is more", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    let ticks = 0;
    startLoop("test.loop", HOUR, async () => {
      ticks += 1;
      if (ticks === 1) throw new Error("boom");
      return { more: ticks < 4 };
    });
    await runSoon();
    expect(ticks).toBe(1);
    expect(errors.mock.calls.filter(([line]) => String(line).includes("test.loop.tick_failed"))).toHaveLength(1);
    wakeLoop("test.loop");
    await runSoon(); // "more" alone runs ticks 2 to 4, long before the interval
    expect(ticks).toBe(4);
    await vi.advanceTimersByTimeAsync(HOUR / 2); // then nothing more until the interval
    expect(ticks).toBe(4);
    errors.mockRestore();
  });

  it("a stopped loop runs nothing, not even after the tick it was stopped in", async () => {
    let ticks = 0;
    startLoop("test.loop", HOUR, async () => {
      ticks += 1;
      await held();
      return { more: true };
    });
    await runSoon();
    expect(ticks).toBe(1);
    const stopping = stopLoop("test.loop");
    wakeLoop("test.loop");
    release.shift()?.();
    await stopping;
    wakeLoop("test.loop");
    await vi.advanceTimersByTimeAsync(3 * HOUR);
    expect(ticks).toBe(1);
    expect(vi.getTimerCount()).toBe(0); // nothing left that could ever run it
  });
});
