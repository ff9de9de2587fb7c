import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import { buildEventBody } from "@/lib/sandbox/events";
import { findOutboxEvent, insertOutboxEvent } from "@/lib/sandbox/store/outbox";
import { startReceiver, type TestReceiver } from "@/lib/sandbox/webhooks/test-receiver";
import { startSandboxWorker, stopSandboxWorker, wakeSandboxWorker, WORKER_INTERVAL_MS } from "@/lib/sandbox/worker";

// The worker reads the process's database and configuration; here they are an in-memory PGlite and
// a local receiver, and the database can be made to fail to show that the loop survives errors.
const deps = vi.hoisted(() => ({
  handle: undefined as DbHandle | undefined,
  config: undefined as SandboxConfig | undefined,
  failDatabase: 0,
}));
vi.mock("@/lib/db", () => ({
  getDatabase: async () => {
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
afterEach(async () => stopSandboxWorker());
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
    await vi.waitFor(async () => expect(await delivered(eventId)).toBe(true), { timeout: 5000, interval: 50 });
    expect(rx.hits.filter((h) => h.body.includes(eventId))).toHaveLength(1);
  });

  it("keeps going after a failing pass, logging it", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    deps.failDatabase = 2;
    startSandboxWorker();
    const eventId = await addEvent();
    await vi.waitFor(async () => expect(await delivered(eventId)).toBe(true), { timeout: 5000, interval: 50 });
    expect(errors.mock.calls.filter(([line]) => String(line).includes("sandbox.worker.tick_failed"))).toHaveLength(2);
    errors.mockRestore();
  });

  it("a wake runs a pass without waiting for the next tick; stopped, it runs none", async () => {
    startSandboxWorker();
    await new Promise((r) => setTimeout(r, 50)); // let the first pass run
    const eventId = await addEvent();
    wakeSandboxWorker();
    await vi.waitFor(async () => expect(await delivered(eventId)).toBe(true), { timeout: 5000, interval: 5 });

    await stopSandboxWorker();
    const later = await addEvent();
    wakeSandboxWorker();
    await new Promise((r) => setTimeout(r, WORKER_INTERVAL_MS * 3));
    expect(await delivered(later)).toBe(false);
  });
});
