import { afterEach, describe, expect, it, vi } from "vitest";
import { startLoop, stopLoop, wakeLoop } from "@/lib/jobs/background-loop";

const HOUR = 3_600_000;
afterEach(async () => stopLoop("test.loop"));

describe("background loop", () => {
  it("runs once at start, again only when woken (the interval here is an hour), never twice at a time", async () => {
    let ticks = 0;
    let inFlight = 0;
    let overlap = false;
    const tick = async () => {
      inFlight += 1;
      overlap ||= inFlight > 1;
      ticks += 1;
      await new Promise((r) => setTimeout(r, 20));
      inFlight -= 1;
      return { more: false };
    };
    startLoop("test.loop", HOUR, tick);
    startLoop("test.loop", HOUR, tick); // a second start is a no-op
    await vi.waitFor(() => expect(ticks).toBe(1));
    wakeLoop("test.loop");
    wakeLoop("test.loop");
    await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(2));
    await new Promise((r) => setTimeout(r, 100));
    expect(ticks).toBeLessThanOrEqual(3);
    expect(overlap).toBe(false);
  });

  it("keeps going after a failing tick and runs again at once while there is more", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    let ticks = 0;
    startLoop("test.loop", HOUR, async () => {
      ticks += 1;
      if (ticks === 1) throw new Error("boom");
      return { more: ticks < 4 };
    });
    await vi.waitFor(() => expect(ticks).toBe(1));
    wakeLoop("test.loop");
    await vi.waitFor(() => expect(ticks).toBe(4));
  });

  it("a stopped loop runs nothing", async () => {
    let ticks = 0;
    const tick = async () => ({ more: Boolean(++ticks) && false });
    startLoop("test.loop", HOUR, tick);
    await vi.waitFor(() => expect(ticks).toBe(1));
    await stopLoop("test.loop");
    wakeLoop("test.loop");
    await new Promise((r) => setTimeout(r, 50));
    expect(ticks).toBe(1);
  });
});
