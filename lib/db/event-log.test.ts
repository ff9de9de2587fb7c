import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueDeliveries, listDeliveryAttempts, listEventDeliveries } from "@/lib/db/event-deliveries";
import { deleteEndpoint, disableEndpoint, listEndpoints } from "@/lib/db/event-endpoints";
import { listApplicationEventLog, listAttemptsOf, listDeliveryLog, logStateOf, type LogFilter } from "@/lib/db/event-log";
import { recordEvent } from "@/lib/db/event-outbox";
import { encodeCursor, decodeCursor } from "@/lib/db/keyset";
import { eventDeliveries, type EventType } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { resendDelivery, sendTestEvent } from "@/lib/events/delivery-admin";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, runnerDeps, runPass, runUntil } from "@/lib/events/testing/world";

// The delivery log's queries (docs/events.md, "Delivery log"): keyset pages under each filter, an application's
// events, resend under the same event id (refused while leased), and the test event.

const admin = { id: "", email: "admin@example.test", ip: "127.0.0.1" };
const deps = (db: Database) => ({ db, now: () => new Date() });

/** Every page of an endpoint's log under a filter, `size` rows a page, through the encoded cursor. */
async function allPages(db: Database, endpointId: string, filter: LogFilter, size: number) {
  const pages: number[][] = [];
  let after: string | undefined;
  for (;;) {
    const page = await listDeliveryLog(db, endpointId, filter, decodeCursor(after), size);
    pages.push(page.rows.map((r) => r.id));
    const last = page.rows.at(-1);
    if (!page.more || !last) return pages;
    after = encodeCursor({ at: last.createdAt, id: String(last.id) });
  }
}

describe.each(testEngines())("the delivery log (%s)", (_name, open) => {
  const handle = useTestDatabase(open);
  let receiver: Receiver;
  beforeAll(async () => void (receiver = await startReceiver([])));
  afterAll(() => receiver?.close());
  const fresh = async () => {
    for (const e of await listEndpoints(handle().db)) await deleteEndpoint(handle().db, e.id);
    receiver.received.length = 0;
    receiver.answer = () => 200;
  };
  /** Events of the given types for one application, all at one instant (the id breaks the tie). */
  const write = async (db: Database, applicationId: string, types: EventType[], now = new Date()) => {
    const ids: string[] = [];
    for (const type of types) ids.push((await recordEvent(db, { type, applicationId, data: {}, now })).id);
    return ids;
  };

  it("pages newest first through equal times, and each filter keeps to its rows", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    await write(
      db,
      "app_log_a",
      ["application.started", "application.submitted", "application.card_issued"],
      new Date("2026-01-01T10:00:00Z"),
    );
    await write(db, "app_log_b", ["application.started", "application.submitted", "application.failed", "application.started"]);
    const all = (await db.select().from(eventDeliveries).where(eq(eventDeliveries.endpointId, endpoint.id))).map((d) => d.id);
    expect(all).toHaveLength(7);
    const pages = await allPages(db, endpoint.id, {}, 3);
    expect(pages.map((p) => p.length)).toEqual([3, 3, 1]);
    // Newest first: the four of app_log_b (written now), then the three of January, each group by id downwards.
    const ids = [...all].sort((a, b) => a - b);
    expect(pages.flat()).toEqual([...ids.slice(3).reverse(), ...ids.slice(0, 3).reverse()]);

    // States: one delivered, one abandoned, one failing (an attempt failed), the rest pending.
    const [d1, d2, d3] = ids;
    await db
      .update(eventDeliveries)
      .set({ state: "delivered", lastStatus: 200 })
      .where(eq(eventDeliveries.id, d1 ?? 0));
    await db
      .update(eventDeliveries)
      .set({ state: "abandoned", lastStatus: 500 })
      .where(eq(eventDeliveries.id, d2 ?? 0));
    await db
      .update(eventDeliveries)
      .set({ lastError: "timeout", attempts: 1 })
      .where(eq(eventDeliveries.id, d3 ?? 0));
    const one = async (filter: LogFilter) => (await allPages(db, endpoint.id, filter, 2)).flat();
    expect(await one({ state: "delivered" })).toEqual([d1]);
    expect(await one({ state: "abandoned" })).toEqual([d2]);
    expect(await one({ state: "failing" })).toEqual([d3]);
    expect(await one({ state: "pending" })).toEqual(ids.slice(3).reverse());
    const started = await one({ type: "application.started" });
    expect(started).toHaveLength(3);
    expect(await one({ type: "application.started", state: "delivered" })).toEqual([d1]);
    expect(await one({ type: "card.transaction.authorized" })).toEqual([]);
    const [row] = (await listDeliveryLog(db, endpoint.id, { state: "failing" }, undefined, 5)).rows;
    expect(row && logStateOf(row)).toBe("failing");
    expect(row?.type).toBe("application.card_issued");
  });

  it("resend sends the same event id again and clears the last outcome; a leased delivery is refused", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    const [eventId = ""] = await write(db, "app_resend", ["application.submitted"]);
    const run = runPass(runnerDeps(db));
    await runUntil(run, () => receiver.delivered().length === 1);
    const [delivery] = await listEventDeliveries(db, eventId);
    expect(delivery?.state).toBe("delivered");
    const { delivery: queued } = await resendDelivery(deps(db), admin, delivery?.id ?? 0);
    expect(queued).toMatchObject({ id: delivery?.id, eventId, state: "pending", attempts: 0, lastStatus: null });
    await runUntil(run, () => receiver.delivered().length === 2);
    expect(receiver.delivered()).toEqual([eventId, eventId]);
    const attempts = await listDeliveryAttempts(db, delivery?.id ?? 0);
    expect(attempts.map((a) => a.status)).toEqual([200, 200]);
    expect((await listAttemptsOf(db, [delivery?.id ?? 0])).get(delivery?.id ?? 0)).toHaveLength(2);

    // Held by a runner (claimed, its lease running): 409, and nothing changes.
    await resendDelivery(deps(db), admin, delivery?.id ?? 0);
    const [claimed] = await claimDueDeliveries(db, new Date(), 60_000, 5);
    expect(claimed?.id).toBe(delivery?.id);
    await expect(resendDelivery(deps(db), admin, delivery?.id ?? 0)).rejects.toMatchObject({ code: "INVALID_STATE" });
    const [still] = await listEventDeliveries(db, eventId);
    expect(still?.attempts).toBe(1);
    expect(still?.leaseUntil).not.toBeNull();
    await expect(resendDelivery(deps(db), admin, 999_999_999)).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(endpoint.id).toMatch(/^ep_/);
  });

  it("a test event goes to its one endpoint whatever its types, signed, once; a turned-off endpoint refuses it", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    const { delivery } = await sendTestEvent(deps(db), admin, endpoint.id);
    const run = runPass(runnerDeps(db));
    await runUntil(run, () => receiver.delivered().length === 1);
    expect(receiver.received.map((r) => [r.id, r.type])).toEqual([[delivery.eventId, "endpoint.test"]]);
    const [row] = (await listDeliveryLog(db, endpoint.id, { type: "endpoint.test" }, undefined, 5)).rows;
    expect(row && [row.id, logStateOf(row), row.lastStatus]).toEqual([delivery.id, "delivered", 200]);

    // A failing receiver: one attempt, then "gave up" (no retry days later for a test).
    receiver.answer = () => 500;
    const second = await sendTestEvent(deps(db), admin, endpoint.id);
    await runUntil(run, () => receiver.received.length === 2);
    await runUntil(run, async () => (await listEventDeliveries(db, second.delivery.eventId))[0]?.state === "abandoned");
    expect((await listDeliveryAttempts(db, second.delivery.id)).map((a) => a.status)).toEqual([500]);

    await disableEndpoint(db, endpoint.id, "staff", new Date());
    await expect(sendTestEvent(deps(db), admin, endpoint.id)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(sendTestEvent(deps(db), admin, "ep_nobody")).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lists an application's events in order, each with its delivery per endpoint, in one query", async () => {
    await fresh();
    const { db } = handle();
    const [eventA = ""] = await write(db, "app_section", ["application.started"]);
    const first = await endpointAt(db, receiver);
    const second = await endpointAt(db, receiver);
    const [eventB = "", eventC = ""] = await write(db, "app_section", ["application.submitted", "application.card_issued"]);
    await write(db, "app_other", ["application.submitted"]);
    const rows = await listApplicationEventLog(db, "app_section");
    expect(rows.map((r) => [r.eventId, r.type, r.endpoint?.id ?? null])).toEqual([
      [eventA, "application.started", null],
      [eventB, "application.submitted", first.endpoint.id],
      [eventB, "application.submitted", second.endpoint.id],
      [eventC, "application.card_issued", first.endpoint.id],
      [eventC, "application.card_issued", second.endpoint.id],
    ]);
    expect(rows[1]?.delivery).toMatchObject({ state: "pending", attempts: 0, lastStatus: null });
  });
});
