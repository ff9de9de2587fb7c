import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@/lib/applications/deps";
import { uploadDocument } from "@/lib/applications/documents";
import { saveDraftStep } from "@/lib/applications/draft";
import { startApplication } from "@/lib/applications/start";
import { submitApplication } from "@/lib/applications/submit";
import { PNG_BYTES, simulate, STANDARD_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication, listApplicationEvents } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { listCardTransactions } from "@/lib/db/card-transactions";
import { findInboxEvent } from "@/lib/db/webhook-inbox";
import { createIssuerClient } from "@/lib/issuer/client";
import type { StepId } from "@/lib/requirements/types";
import { signWebhookBody } from "@/lib/sandbox/webhooks/sign";
import { runSandboxTick } from "@/lib/sandbox/worker";
import { applyEvent } from "@/lib/webhooks/handlers";
import { authorizationData } from "@/lib/webhooks/test-events";
import { MAX_PROCESS_ATTEMPTS, processDueWebhooks } from "@/lib/webhooks/processor";
import { receiveWebhook } from "@/lib/webhooks/receive";
import { waitFor } from "@/test/wait-for";

// Webhooks alone (no polling) carry an application to "card issued"; events apply once, in order.

vi.spyOn(console, "warn").mockImplementation(() => undefined);
vi.spyOn(console, "log").mockImplementation(() => undefined);

const SECRET = "sandbox_webhook_secret";
let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const receiveDeps = () => ({
  db: world.deps.db,
  secrets: [SECRET],
  now: () => new Date(),
  notify: () => undefined,
  keys: world.deps.keys,
  maxAgeMs: 72 * 3_600_000,
});
/** The sandbox's own clock tick: approvals, then signed deliveries straight into the portal's receiver. */
const sandboxTick = () =>
  runSandboxTick({
    db: world.deps.db,
    now: new Date(),
    approvalDelayMs: 50,
    appUrl: "http://sandbox.test",
    webhookUrl: "http://portal.test/api/webhooks/issuer",
    webhookSecret: SECRET,
    fetchImpl: async (url, init) => receiveWebhook(new Request(url, init), receiveDeps()),
  });

async function submittedStandard(): Promise<Application> {
  let { app } = await startApplication(world.deps, { productId: "prod_travel_standard_usd" });
  app = (await uploadDocument(world.deps, app, { field: "identity.front_file_id", name: "p.png", bytes: PNG_BYTES })).app;
  const answers = {
    ...STANDARD_ANSWERS,
    contact: { ...STANDARD_ANSWERS.contact, email: `wh.${crypto.randomUUID().slice(0, 8)}@example.com` },
  };
  for (const [step, values] of Object.entries(answers)) app = await saveDraftStep(world.deps, app, step as StepId, values);
  return submitApplication(world.deps, app);
}

/** The same database, except that a transaction never starts and never returns: a handler stuck for good. */
const hangingTransactions = (db: Database): Database =>
  new Proxy(db, {
    get: (target, key, receiver) =>
      key === "transaction" ? () => new Promise<never>(() => undefined) : Reflect.get(target, key, receiver),
  });

const post = (body: string) =>
  receiveWebhook(
    new Request("http://portal.test/api/webhooks/issuer", {
      method: "POST",
      body,
      headers: { "x-wk-signature": signWebhookBody(body, SECRET) },
    }),
    receiveDeps(),
  );
const event = (id: string, at: string, data: Record<string, unknown>, type = "cardholder.kyc.status_changed") =>
  JSON.stringify({ account_no: "8800****4321", data, event_id: id, event_type: type, timestamp: at });

describe("webhook processor", () => {
  it("webhooks alone take an application to card issued (no status polling)", async () => {
    const app = await submittedStandard();
    await simulate(world, `/cardholders/${app.cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    // The sandbox approves after its delay; tick both sides until the webhooks have done their work.
    await waitFor(
      async () => {
        await sandboxTick();
        await processDueWebhooks(world.deps);
        return (await findApplication(world.deps.db, app.id))?.state === "card_issued";
      },
      { what: "card issued through webhooks" },
    );
    expect(await findApplication(world.deps.db, app.id)).toMatchObject({ state: "card_issued", cardId: expect.stringMatching(/^card_/) });
  });

  it("500 copies of one event have one effect", async () => {
    const app = await submittedStandard();
    const body = event(`evt_${crypto.randomUUID()}`, new Date().toISOString().slice(0, 19) + "Z", {
      cardholder_id: app.cardholderId,
      status: "PENDING",
      kyc_status: "REJECTED",
    });
    await Promise.all(Array.from({ length: 500 }, () => post(body)));
    await processDueWebhooks(world.deps);
    await processDueWebhooks(world.deps);
    const moves = (await listApplicationEvents(world.deps.db, app.id)).filter((e) => e.toState === "kyc_rejected");
    expect(moves).toHaveLength(1);
  });

  it("shuffled events end in the state of the newest; a stale one never moves it back", async () => {
    const app = await submittedStandard();
    const id = app.cardholderId as string;
    // The upstream really is verified and approved: the events below tell the story out of order.
    await simulate(world, `/cardholders/${id}/kyc`, { kyc_status: "VERIFIED" });
    await simulate(world, `/cardholders/${id}/status`, { status: "SUCCESS" });
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1000).toISOString().slice(0, 19) + "Z";
    const events = [
      event(`evt_${crypto.randomUUID()}`, at(1), { cardholder_id: id, status: "PENDING", kyc_status: "PENDING" }),
      event(`evt_${crypto.randomUUID()}`, at(2), { cardholder_id: id, status: "PENDING", kyc_status: "VERIFIED" }),
      event(`evt_${crypto.randomUUID()}`, at(3), { cardholder_id: id, status: "SUCCESS", kyc_status: "VERIFIED" }, "cardholder.updated"),
    ];
    for (const body of [events[2], events[0], events[1]] as string[]) await post(body);
    await processDueWebhooks(world.deps);
    const after = (await findApplication(world.deps.db, app.id)) as Application;
    expect(after.state).toBe("card_issued");
    expect(after.upstreamKycStatus).toBe("VERIFIED");
    // A late, older event arrives now: it is stored, marked ignored, and changes nothing.
    const late = event(`evt_${crypto.randomUUID()}`, at(0), { cardholder_id: id, status: "PENDING", kyc_status: "NOT_STARTED" });
    await post(late);
    await processDueWebhooks(world.deps);
    expect((await findApplication(world.deps.db, app.id))?.upstreamKycStatus).toBe("VERIFIED");
    expect(await findInboxEvent(world.deps.db, JSON.parse(late).event_id)).toMatchObject({
      state: "ignored",
      lastError: expect.stringContaining("stale"),
    });
  });

  it("a signed event dated 2099 is parked and cannot hide the genuine events that follow", async () => {
    const app = await submittedStandard();
    const id = app.cardholderId as string;
    const future = event(`evt_${crypto.randomUUID()}`, "2099-01-01T00:00:00Z", {
      cardholder_id: id,
      status: "PENDING",
      kyc_status: "PENDING",
    });
    expect(await (await post(future)).json()).toMatchObject({ parked: true });
    await processDueWebhooks(world.deps);
    expect((await findApplication(world.deps.db, app.id))?.upstreamEventAt ?? null).toBeNull();
    const genuine = event(`evt_${crypto.randomUUID()}`, new Date().toISOString().slice(0, 19) + "Z", {
      cardholder_id: id,
      status: "FAILED",
      kyc_status: "PENDING",
    });
    await post(genuine);
    await processDueWebhooks(world.deps);
    expect(await findApplication(world.deps.db, app.id)).toMatchObject({ state: "failed", failureCode: "CARDHOLDER_FAILED" });
    expect(await findInboxEvent(world.deps.db, JSON.parse(future).event_id)).toMatchObject({ state: "parked" });
  });

  it("an event leased by a processor that died is left alone while the lease runs, then applied once by another", async () => {
    const app = await submittedStandard();
    const body = event(
      `evt_${crypto.randomUUID()}`,
      new Date().toISOString().slice(0, 19) + "Z",
      { cardholder_id: app.cardholderId, status: "FAILED", kyc_status: "PENDING" },
      "cardholder.updated",
    );
    const eventId = JSON.parse(body).event_id as string;
    expect((await post(body)).status).toBe(200);
    const crashedAt = Date.now();

    // The first processor claims the event, then hangs for good inside its handler: a crash between lease and finish.
    const dying = processDueWebhooks({ ...world.deps, db: hangingTransactions(world.deps.db), now: () => new Date(crashedAt) });
    const leased = await waitFor(async () => (await findInboxEvent(world.deps.db, eventId))?.leaseUntil, { what: "the lease" });
    const leaseEnd = leased.getTime();
    expect(leaseEnd - crashedAt).toBeGreaterThan(1000);
    let dyingDone = false;
    void dying.finally(() => (dyingDone = true));

    // A restarted processor: fresh deps and its own client, driven by an injected clock.
    const restartedAt = (ms: number): AppDeps => ({
      ...world.deps,
      issuer: createIssuerClient({ baseUrl: world.sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret" }),
      now: () => new Date(ms),
    });
    for (const during of [crashedAt + 1000, leaseEnd - 1]) {
      await processDueWebhooks(restartedAt(during));
      expect(await findInboxEvent(world.deps.db, eventId)).toMatchObject({ state: "pending", attempts: 0 });
      expect(await findApplication(world.deps.db, app.id)).toMatchObject({ state: "kyc_pending" });
    }

    await processDueWebhooks(restartedAt(leaseEnd + 1));
    expect(await findApplication(world.deps.db, app.id)).toMatchObject({ state: "failed", failureCode: "CARDHOLDER_FAILED" });
    expect(await findInboxEvent(world.deps.db, eventId)).toMatchObject({ state: "applied", attempts: 1, leaseUntil: null });
    await processDueWebhooks(restartedAt(leaseEnd + 120_000));
    const moves = (await listApplicationEvents(world.deps.db, app.id)).filter((e) => e.toState === "failed");
    expect(moves).toHaveLength(1);
    expect(dyingDone).toBe(false); // the first processor really never finished
  });

  it("a failing event is retried with backoff, then poisoned with its last error", async () => {
    const body = event(`evt_${crypto.randomUUID()}`, new Date().toISOString().slice(0, 19) + "Z", {
      cardholder_id: "ch_x",
      status: "WEIRD",
      kyc_status: "PENDING",
    });
    const eventId = JSON.parse(body).event_id as string;
    await post(body);
    let now = Date.now();
    for (let i = 0; i < MAX_PROCESS_ATTEMPTS; i++) {
      await processDueWebhooks({ ...world.deps, now: () => new Date(now) });
      now += 10 * 60_000;
    }
    expect(await findInboxEvent(world.deps.db, eventId)).toMatchObject({
      state: "poisoned",
      attempts: MAX_PROCESS_ATTEMPTS,
      lastError: expect.stringContaining("status"),
    });
  });

  it("keeps card authorizations once per transaction", async () => {
    const data = {
      transaction_id: `txn_${crypto.randomUUID()}`,
      card_id: "card_1",
      transaction_type: "AUTHORIZATION",
      transaction_status: "APPROVED",
      transaction_amount: "12.34",
      transaction_currency: "USD",
      billing_amount: "12.34",
      billing_currency: "USD",
      transaction_time: "2026-11-22T10:00:00+00:00",
      merchant_data: [{ name: "Cafe" }],
    };
    // Dated a minute ago: a fixed date would fall outside the receiver's 72-hour window three days later and be parked.
    const base = Date.now() - 60_000;
    const at = (s: number) => new Date(base + s * 1000).toISOString().slice(0, 19) + "Z";
    const first = event(`evt_${crypto.randomUUID()}`, at(0), data, "card.transaction.authorization");
    const again = event(`evt_${crypto.randomUUID()}`, at(1), data, "card.transaction.authorization");
    await post(first);
    await post(again);
    await processDueWebhooks(world.deps);
    expect(await findInboxEvent(world.deps.db, JSON.parse(first).event_id)).toMatchObject({ state: "applied" });
    expect(await findInboxEvent(world.deps.db, JSON.parse(again).event_id)).toMatchObject({ state: "ignored" });
  });

  it("stores an authorization and marks its event done in one transaction: one fails, neither stays", async () => {
    const cardId = `card_${crypto.randomUUID()}`;
    const data = authorizationData(`txn_${crypto.randomUUID()}`, cardId);
    const envelope = JSON.parse(event(`evt_${crypto.randomUUID()}`, "2026-11-22T10:00:00Z", data, "card.transaction.authorization"));
    const failingFinish = () => Promise.reject(new Error("inbox update failed"));
    await expect(applyEvent(world.deps, envelope, new Date(), failingFinish)).rejects.toThrow("inbox update failed");
    expect((await listCardTransactions(world.deps.db, { cardId }, undefined, 10)).rows).toHaveLength(0);

    const result = await applyEvent(world.deps, envelope, new Date(), async () => undefined);
    expect(result).toEqual({ outcome: "applied", finished: true });
    expect((await listCardTransactions(world.deps.db, { cardId }, undefined, 10)).rows).toHaveLength(1);
  });
});
