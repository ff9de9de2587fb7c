import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import { buildEventBody } from "@/lib/sandbox/events";
import { sandboxWebhookAttempts, sandboxWebhookOutbox } from "@/lib/sandbox/schema";
import { claimDueEvents, findOutboxEvent, insertOutboxEvent } from "@/lib/sandbox/store/outbox";
import { DISPATCH_LEASE_MS, dispatchDueWebhooks, MAX_ATTEMPTS, retryDelayMs, WEBHOOK_USER_AGENT } from "@/lib/sandbox/webhooks/dispatcher";
import { closedPortUrl, startReceiver, type TestReceiver } from "@/lib/sandbox/webhooks/test-receiver";
import { runSandboxTick } from "@/lib/sandbox/worker";

const SECRET = "test_webhook_secret";
const T0 = new Date("2025-03-01T10:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);

let handle: DbHandle;
let rx: TestReceiver;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
});
afterAll(async () => handle.close());
beforeEach(async () => {
  await handle.db.delete(sandboxWebhookOutbox);
  await handle.db.delete(sandboxWebhookAttempts);
  rx = await startReceiver();
});
afterEach(async () => rx.close());

async function addEvent(now = T0, data: Record<string, unknown> = { cardholder_id: "ch_1" }) {
  const { eventId, body } = buildEventBody("cardholder.created", data, now);
  await insertOutboxEvent(handle.db, { eventId, eventType: "cardholder.created", body, now });
  return { eventId, body };
}
const dispatch = (now: Date, url = rx.url, timeoutMs?: number) =>
  dispatchDueWebhooks({ db: handle.db, now, url, secret: SECRET, timeoutMs });
const attemptsOf = (eventId: string) =>
  handle.db
    .select()
    .from(sandboxWebhookAttempts)
    .where(eq(sandboxWebhookAttempts.eventId, eventId))
    .orderBy(sandboxWebhookAttempts.attempt);
const row = async (eventId: string) => (await findOutboxEvent(handle.db, eventId))!;

describe("retryDelayMs", () => {
  it("doubles from 1 s, caps at 15 min and stays within ±20 %", () => {
    expect([1, 2, 3, 10].map((n) => retryDelayMs(n, () => 0.5))).toEqual([1000, 2000, 4000, 512_000]);
    expect([11, 20, 30].map((n) => retryDelayMs(n, () => 0.5))).toEqual([900_000, 900_000, 900_000]);
    expect(retryDelayMs(1, () => 0)).toBe(800);
    expect(retryDelayMs(1, () => 0.999999)).toBe(1200);
    expect(retryDelayMs(30, () => 0)).toBe(720_000);
    const samples = Array.from({ length: 200 }, () => retryDelayMs(4));
    expect(Math.min(...samples)).toBeGreaterThanOrEqual(6400);
    expect(Math.max(...samples)).toBeLessThanOrEqual(9600);
  });

  it("spreads the 29 waits of a never-answered event over about five to six hours", () => {
    const hours = (random: () => number) =>
      Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, random)).reduce((a, b) => a + b) / 3_600_000;
    expect(hours(() => 0.5)).toBeCloseTo(5.03, 1);
    expect(hours(() => 1)).toBeLessThan(6.1);
  });
});

describe("dispatchDueWebhooks (PGlite, real HTTP receiver)", () => {
  it("POSTs the exact stored bytes with a signature the receiver can verify, once", async () => {
    const { eventId, body } = await addEvent(T0, { first_name: "Zoë" });
    expect(await dispatch(T0)).toBe(1);
    expect(rx.hits).toHaveLength(1);
    const hit = rx.hits[0]!;
    expect(hit).toMatchObject({ method: "POST", path: "/hooks", body });
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(hit.headers["user-agent"]).toBe(WEBHOOK_USER_AGENT);
    expect(hit.headers["x-wk-signature"]).toBe(createHmac("sha256", SECRET).update(Buffer.from(hit.body, "utf8")).digest("base64"));
    expect(JSON.parse(hit.body)).toMatchObject({ event_id: eventId, event_type: "cardholder.created" });

    expect(await row(eventId)).toMatchObject({ state: "delivered", attempts: 1, lastStatus: 200, deliveredAt: T0, leaseUntil: null });
    expect(await attemptsOf(eventId)).toMatchObject([{ attempt: 1, ok: true, httpStatus: 200, url: rx.url, error: null }]);
    expect(await dispatch(at(60 * 60_000))).toBe(0);
    expect(rx.hits).toHaveLength(1);
  });

  it("retries 500, 500 then 200 with growing waits and keeps every attempt", async () => {
    rx.respond = (_hit, i) => (i < 2 ? 500 : 200);
    const { eventId } = await addEvent();
    const waits: number[] = [];
    let now = T0;
    for (let i = 0; i < 2; i++) {
      expect(await dispatch(now)).toBe(1);
      const r = await row(eventId);
      expect(r).toMatchObject({ state: "pending", attempts: i + 1, lastStatus: 500 });
      waits.push(r.nextAttemptAt.getTime() - now.getTime());
      expect(await dispatch(new Date(r.nextAttemptAt.getTime() - 1))).toBe(0); // not due yet
      now = r.nextAttemptAt;
    }
    expect(await dispatch(now)).toBe(1);
    expect(waits[0]).toBeGreaterThanOrEqual(800);
    expect(waits[0]).toBeLessThanOrEqual(1200);
    expect(waits[1]).toBeGreaterThanOrEqual(1600);
    expect(waits[1]).toBeLessThanOrEqual(2400);
    expect(await row(eventId)).toMatchObject({ state: "delivered", attempts: 3, lastStatus: 200, deliveredAt: now });
    const log = await attemptsOf(eventId);
    expect(log.map((a) => [a.attempt, a.httpStatus, a.ok])).toEqual([
      [1, 500, false],
      [2, 500, false],
      [3, 200, true],
    ]);
    expect(new Set(rx.hits.map((h) => h.body)).size).toBe(1); // the same bytes every time
  });

  it("records a network error (closed port) with its cause and retries later", async () => {
    const { eventId } = await addEvent();
    expect(await dispatch(T0, await closedPortUrl())).toBe(1);
    const [attempt] = await attemptsOf(eventId);
    expect(attempt).toMatchObject({ attempt: 1, ok: false, httpStatus: null });
    expect(attempt?.error).toMatch(/ECONNREFUSED/);
    expect(await row(eventId)).toMatchObject({ state: "pending", attempts: 1, lastStatus: null, lastError: attempt?.error });
  });

  it("gives up waiting after the timeout and records it", async () => {
    rx.respond = () => "hang";
    const { eventId } = await addEvent();
    await dispatch(T0, rx.url, 200);
    const [attempt] = await attemptsOf(eventId);
    expect(attempt).toMatchObject({ ok: false, httpStatus: null });
    expect(attempt?.error).toMatch(/timeout/i);
    expect(attempt?.durationMs).toBeGreaterThanOrEqual(150);
  });

  it(`abandons an event after ${MAX_ATTEMPTS} failed attempts`, async () => {
    rx.respond = () => 503;
    const { eventId } = await addEvent();
    let now = T0;
    for (let i = 0; i < MAX_ATTEMPTS; i++) {
      expect(await dispatch(now)).toBe(1);
      const r = await row(eventId);
      if (i < MAX_ATTEMPTS - 1) expect(r.nextAttemptAt.getTime() - now.getTime()).toBeLessThanOrEqual(18 * 60_000);
      now = r.nextAttemptAt;
    }
    expect(await row(eventId)).toMatchObject({ state: "abandoned", attempts: MAX_ATTEMPTS, lastStatus: 503 });
    expect(await attemptsOf(eventId)).toHaveLength(MAX_ATTEMPTS);
    expect(await dispatch(at(7 * 24 * 3_600_000))).toBe(0);
    expect(rx.hits).toHaveLength(MAX_ATTEMPTS);
  });

  it("a leased event is not claimed again before its lease ends", async () => {
    const { eventId } = await addEvent();
    expect((await claimDueEvents(handle.db, T0, DISPATCH_LEASE_MS, 10)).map((r) => r.eventId)).toEqual([eventId]);
    expect(await claimDueEvents(handle.db, at(DISPATCH_LEASE_MS - 1), DISPATCH_LEASE_MS, 10)).toEqual([]);
    expect(await claimDueEvents(handle.db, at(DISPATCH_LEASE_MS + 1), DISPATCH_LEASE_MS, 10)).toHaveLength(1);
  });

  it("after a restart, a fresh dispatcher delivers what was written and what a dead one had claimed", async () => {
    const written = await Promise.all([addEvent(), addEvent(), addEvent()]);
    // A dispatcher claims two and dies before answering: they wait for the lease to run out.
    await claimDueEvents(handle.db, T0, DISPATCH_LEASE_MS, 2);
    const fresh = { db: handle.db, now: at(1000), url: rx.url, secret: SECRET };
    expect(await dispatchDueWebhooks(fresh)).toBe(1);
    expect(await dispatchDueWebhooks({ ...fresh, now: at(DISPATCH_LEASE_MS + 1) })).toBe(2);
    for (const { eventId } of written) expect((await row(eventId)).state).toBe("delivered");
    expect(new Set(rx.hits.map((h) => JSON.parse(h.body).event_id)).size).toBe(3);
  });

  it("runSandboxTick delivers due events", async () => {
    const { eventId } = await addEvent();
    const deps = { db: handle.db, now: T0, approvalDelayMs: 0, appUrl: "http://localhost", webhookUrl: rx.url, webhookSecret: SECRET };
    expect(await runSandboxTick(deps)).toEqual({ advanced: 0, dispatched: 1 });
    expect((await row(eventId)).state).toBe("delivered");
  });
});
