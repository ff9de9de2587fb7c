import { describe, expect, it } from "vitest";
import { insertApplication, patchApplication, transitionApplication } from "@/lib/db/applications";
import { insertCardTransaction } from "@/lib/db/card-transactions";
import { listEventDeliveries } from "@/lib/db/event-deliveries";
import { deleteEndpoint, listEndpoints } from "@/lib/db/event-endpoints";
import { listApplicationOutboundEvents } from "@/lib/db/event-outbox";
import { eraseApplicantRows } from "@/lib/db/privacy";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";
import { createEndpoint } from "@/lib/events/endpoints";
import { KEYS } from "@/lib/events/testing/world";

// Where events are written: with the change they announce, in its transaction (a rolled-back move leaves none),
// and a delivery only for the endpoints subscribed to the type.

const newApp = (db: Database, id: string, merchantReference: string | null = null) =>
  insertApplication(db, {
    id,
    merchantReference,
    productId: "prod_virtual_simplified_usd",
    kycLevel: "BASIC",
    draftCiphertext: "",
    resumeHash: `hash_${id}`,
    resumeExpiresAt: new Date(Date.now() + 3_600_000),
    createdAt: new Date(),
    updatedAt: new Date(),
  });
const types = async (db: Database, id: string) => (await listApplicationOutboundEvents(db, id)).map((e) => e.type);

describe.each(testEngines())("outbound events written with their change (%s)", (_name, open) => {
  const handle = useTestDatabase(open);
  const endpoint = (db: Database, eventTypes: Parameters<typeof createEndpoint>[1]["eventTypes"]) =>
    createEndpoint({ db, keys: KEYS, mode: "sandbox", now: () => new Date() }, { url: "http://127.0.0.1:9/hooks", eventTypes });

  it("a start and a move write theirs; a move rolled back writes none; a refused move none", async () => {
    const { db } = handle();
    const id = `app_emit_${crypto.randomUUID()}`;
    await newApp(db, id);
    await expect(
      transitionApplication(db, {
        id,
        from: ["draft"],
        to: "submitted",
        reason: "test",
        now: new Date(),
        afterMove: async () => {
          throw new Error("the move's transaction fails after the state changed");
        },
      }),
    ).rejects.toThrow();
    expect(await types(db, id)).toEqual(["application.started"]);
    expect(
      await transitionApplication(db, { id, from: ["approved"], to: "card_issuing", reason: "test", now: new Date() }),
    ).toBeUndefined();
    await transitionApplication(db, { id, from: ["draft"], to: "submitted", reason: "test", now: new Date() });
    await transitionApplication(db, { id, from: ["submitted"], to: "kyc_pending", reason: "test", now: new Date() });
    await transitionApplication(db, {
      id,
      from: ["kyc_pending"],
      to: "failed",
      reason: "test",
      patch: { failureCode: "X1" },
      now: new Date(),
    });
    expect(await types(db, id)).toEqual(["application.started", "application.submitted", "application.failed"]);
  });

  it("every event of an application carries the merchant's customer reference it was started with", async () => {
    const { db } = handle();
    const id = `app_emit_${crypto.randomUUID()}`;
    await newApp(db, id, "cust_42");
    await transitionApplication(db, { id, from: ["draft"], to: "submitted", reason: "test", now: new Date() });
    const written = await listApplicationOutboundEvents(db, id);
    expect(written.map((e) => [e.type, (e.data as Record<string, unknown>).merchant_reference])).toEqual([
      ["application.started", "cust_42"],
      ["application.submitted", "cust_42"],
    ]);
  });

  it("an endpoint with an unknown event type or a refused URL is refused, field named, and nothing is written", async () => {
    const { db } = handle();
    const before = (await listEndpoints(db)).length;
    const bogus = ["application.bogus"] as unknown as Parameters<typeof endpoint>[1];
    await expect(endpoint(db, bogus)).rejects.toMatchObject({ code: "VALIDATION_ERROR", fields: { eventTypes: "events.endpoint.types" } });
    await expect(
      createEndpoint({ db, keys: KEYS, mode: "sandbox", now: () => new Date() }, { url: "ftp://127.0.0.1/hooks" }),
    ).rejects.toMatchObject({ code: "VALIDATION_ERROR", fields: { url: "events.endpoint.url.scheme" } });
    expect(await listEndpoints(db)).toHaveLength(before);
  });

  it("an authorization writes card.transaction.authorized once, for the card's application; an erasure application.erased", async () => {
    const { db } = handle();
    for (const e of await listEndpoints(db)) await deleteEndpoint(db, e.id);
    const onlyCards = await endpoint(db, ["card.transaction.authorized"]);
    const every = await endpoint(db, null);
    const id = `app_card_${crypto.randomUUID()}`;
    const app = await newApp(db, id, "crm-7");
    await patchApplication(db, id, { cardId: `card_${id}` });
    const row = {
      transactionId: `tx_${id}`,
      eventId: `evt_up_${id}`,
      cardId: `card_${id}`,
      transactionType: "PURCHASE",
      transactionStatus: "APPROVED",
      transactionAmount: "12.50",
      transactionCurrency: "USD",
      billingAmount: "12.50",
      billingCurrency: "USD",
      transactionTime: new Date().toISOString(),
      data: {},
    };
    expect(await db.transaction((tx) => insertCardTransaction(tx, row))).toBe(true);
    expect(await db.transaction((tx) => insertCardTransaction(tx, row))).toBe(false);
    await db.transaction((tx) =>
      eraseApplicantRows(
        tx,
        { ...app, cardId: `card_${id}` },
        { staffId: crypto.randomUUID(), staffEmail: "a@b.c", reason: "asked", resumeHash: "x", now: new Date() },
      ),
    );
    const events = await listApplicationOutboundEvents(db, id);
    expect(events.map((e) => e.type)).toEqual(["application.started", "card.transaction.authorized", "application.erased"]);
    expect(events[1]?.data).toMatchObject({
      application_id: id,
      merchant_reference: "crm-7",
      transaction_id: `tx_${id}`,
      transaction_amount: "12.50",
    });
    // The erasure clears the reference from the application, but its event names it: the merchant erases its side too.
    expect(events[2]?.data).toMatchObject({ application_id: id, merchant_reference: "crm-7" });
    // Subscriptions: the card-only endpoint has one delivery, the other one per event.
    const endpointsOf = async (eventId: string) => (await listEventDeliveries(db, eventId)).map((d) => d.endpointId).sort();
    expect(await endpointsOf(events[0]?.id ?? "")).toEqual([every.endpoint.id]);
    expect(await endpointsOf(events[1]?.id ?? "")).toEqual([onlyCards.endpoint.id, every.endpoint.id].sort());
    expect(await endpointsOf(events[2]?.id ?? "")).toEqual([every.endpoint.id]);
  });
});
