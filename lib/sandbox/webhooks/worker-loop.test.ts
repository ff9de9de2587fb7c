import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import { buildEventBody } from "@/lib/sandbox/events";
import { findOutboxEvent, insertOutboxEvent } from "@/lib/sandbox/store/outbox";
import type * as Dispatcher from "@/lib/sandbox/webhooks/dispatcher";
import { startReceiver, type TestReceiver } from "@/lib/sandbox/webhooks/test-receiver";
import { startSandboxWorker, stopSandboxWorker, wakeSandboxWorker, WORKER_INTERVAL_MS } from "@/lib/sandbox/worker";
import { waitFor } from "@/test/wait-for";

// The worker reads the process's database and configuration; here they are an in-memory PGlite and
// a local receiver, and the database can be made to fail to show that the loop survives errors.
const deps = vi.hoisted(() => ({
  handle: undefined as DbHandle | undefined,
  config: undefined as SandboxConfig | undefined,
  failDatabase: 0,
  /** Passes begun (each asks for the database first) and finished (each ends with its dispatch). */
  passesStarted: 0,
  passesDone: 0,
}));
vi.mock("@/lib/db", () => ({
  getDatabase: async () => {
    deps.passesStarted++;
    if (deps.failDatabase > 0) {
      deps.failDatabase--;
      throw new Error("database unreachable (test)");
    }
    if (!deps.handle) throw new Error("no database yet (test)");
    return deps.handle;
  },
}));
vi.mock("@/lib/sandbox/config", async (original) => ({
  ...(await original<Record<string, unknown>>()),
  getSandboxConfig: () => {
    if (!deps.config) throw new Error("no configuration yet (test)");
    return deps.config;
  },
}));

vi.mock("@/lib/sandbox/webhooks/dispatcher", async (original) => {
  const real = await original<typeof Dispatcher>();
  return {
    ...real,
    dispatchDueWebhooks: async (...args: Parameters<typeof real.dispatchDueWebhooks>) => {
      try {
        return await real.dispatchDueWebhooks(...args);
      } finally {
        deps.passesDone++;
      }
    },
  };
});

let rx: TestReceiver;
let handle: DbHandle;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
  deps.handle = handle;
  rx = await startReceiver();
  deps.config = {
    enabled: true,
    apiKey: "k",
    apiSecret: "s",
    webhookSecret: "w",
    webhookUrl: rx.url,
    approvalDelayMs: 0,
    productsFile: undefined,
    appUrl: "http://localhost",
  };
});
afterEach(async () => {
  await stopSandboxWorker();
  vi.useRealTimers();
});
afterAll(async () => {
  await rx.close();
  await handle.close();
});

async function addEvent() {
  const { eventId, body } = buildEventBody("cardholder.created", {}, new Date());
  await insertOutboxEvent(handle.db, { eventId, eventType: "cardholder.created", body, now: new Date() });
  return eventId;
}
const delivered = async (eventId: string) => (await findOutboxEvent(handle.db, eventId))?.state === "delivered";

describe("sandbox worker loop", () => {
  it("delivers on its own ticks, and started twice runs one loop", async () => {
    startSandboxWorker();
    startSandboxWorker();
    const eventId = await addEvent();
    await waitFor(() => delivered(eventId), { what: "delivery on the worker's own ticks" });
    expect(rx.hits.filter((h) => h.body.includes(eventId))).toHaveLength(1);
  });

  it("keeps going after a failing pass, logging it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    deps.failDatabase = 2;
    startSandboxWorker();
    const eventId = await addEvent();
    await waitFor(() => delivered(eventId), { what: "delivery on the worker's own ticks" });
    expect(errors.mock.calls.filter(([line]) => String(line).includes("sandbox.worker.tick_failed"))).toHaveLength(2);
    errors.mockRestore();
  });

  it("a wake runs a pass without waiting for the next tick; stopped, it runs none", async () => {
    // The worker's clock stands still unless the test moves it, so its 250 ms tick cannot be what delivers.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const before = deps.passesDone;
    startSandboxWorker();
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(() => deps.passesDone === before + 1, { what: "the first pass" });
    const eventId = await addEvent();
    wakeSandboxWorker();
    await vi.advanceTimersByTimeAsync(0);
    await waitFor(() => deps.passesDone === before + 2, { what: "the pass run by the wake" });
    expect(await delivered(eventId)).toBe(true);

    await stopSandboxWorker();
    const started = deps.passesStarted;
    const later = await addEvent();
    wakeSandboxWorker();
    await vi.advanceTimersByTimeAsync(WORKER_INTERVAL_MS * 3);
    expect(deps.passesStarted).toBe(started);
    expect(await delivered(later)).toBe(false);
  });
});
