import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimDueDeliveries, countDeliveries } from "@/lib/db/event-deliveries";
import { deleteEndpoint, listEndpoints } from "@/lib/db/event-endpoints";
import { findEvents } from "@/lib/db/event-outbox";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";
import { postEvent } from "@/lib/events/deliver";
import { eventBodyText } from "@/lib/events/payload";
import { deliverDueEvents } from "@/lib/events/runner";
import { eventPass } from "@/lib/events/runner-pass";
import { signedHeaders } from "@/lib/events/signing";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, runnerDeps, runUntil, writeEvents } from "@/lib/events/testing/world";

// Two portal instances (a pool each) on one Postgres, and a runner that dies mid-delivery: every event reaches
// the receiver, none is answered 2xx twice (counted at the receiver), and each application's come in order.

const url = postgresTestUrl();
if (!url) console.log("[lib/events/two-runners.test.ts] skipped: TEST_DATABASE_URL is not set (two instances share one Postgres)");

describe.skipIf(!url)("outbound events from two instances on one Postgres", () => {
  const instances = usePostgresInstances({ poolSize: 6 });
  let receiver: Receiver;
  beforeAll(async () => void (receiver = await startReceiver([])));
  afterAll(() => receiver?.close());
  const fresh = async (db: Database) => {
    for (const e of await listEndpoints(db)) await deleteEndpoint(db, e.id);
    receiver.received.length = 0;
  };
  const allSettled = async (db: Database) => (await countDeliveries(db)).pending === 0;
  /** Each application's events in the order the receiver answered them 2xx must be the order they were written. */
  const inOrder = (ids: string[], perApplication: number) => {
    const delivered = receiver.delivered();
    for (let a = 0; a < ids.length / perApplication; a++) {
      const mine = ids.slice(a * perApplication, (a + 1) * perApplication);
      expect(delivered.filter((id) => mine.includes(id))).toEqual(mine);
    }
  };

  it("side by side (SKIP LOCKED and the leases), with 10 % of posts failing: each event once, in order", async () => {
    const [a, b] = instances();
    await fresh(a.db);
    await endpointAt(a.db, receiver);
    const ids = await writeEvents(a.db, "pair", 30, 10);
    receiver.answer = () => (Math.random() < 0.1 ? 500 : 200);
    const run = (db: Database) =>
      runUntil(
        () => deliverDueEvents(runnerDeps(db), 10),
        () => allSettled(a.db),
        60_000,
      );
    await Promise.all([run(a.db), run(b.db)]);
    expect(await countDeliveries(a.db)).toEqual({ pending: 0, delivered: 300, abandoned: 0 });
    expect(new Set(receiver.delivered())).toEqual(new Set(ids));
    expect(receiver.deliveredTwice()).toEqual([]);
    inOrder(ids, 10);
    console.log(`[two runners] ${receiver.received.length} posts for 300 events (failures retried)`);
  }, 90_000);

  it("through the instances' pass, one runner at a time (the advisory lock): the other is turned away", async () => {
    const [a, b] = instances();
    await fresh(a.db);
    await endpointAt(a.db, receiver);
    const ids = await writeEvents(a.db, "lock", 10, 5);
    receiver.answer = () => 200;
    let turnedAway = 0;
    const run = (db: Database) =>
      runUntil(
        async () => {
          const { locked } = await eventPass("postgres", runnerDeps(db));
          if (!locked) turnedAway += 1;
          return locked ? 1 : 0;
        },
        () => allSettled(a.db),
        60_000,
      );
    await Promise.all([run(a.db), run(b.db)]);
    expect(new Set(receiver.delivered())).toEqual(new Set(ids));
    expect(receiver.deliveredTwice()).toEqual([]);
    inOrder(ids, 5);
    console.log(`[two runners] the lock turned a pass away ${turnedAway} times`);
  }, 90_000);

  it("a runner killed mid-delivery (claimed, posted, never answered, never marked): the other delivers once after the lease", async () => {
    const [a, b] = instances();
    await fresh(a.db);
    const { secret } = await endpointAt(a.db, receiver);
    const ids = await writeEvents(a.db, "kill", 5, 3);
    const claimed = await claimDueDeliveries(a.db, new Date(), 300, 50);
    expect(claimed).toHaveLength(5);
    const doomed = claimed.map((d) => d.eventId);
    const events = await findEvents(a.db, doomed);
    // The doomed runner's posts are held by the receiver and never answered.
    receiver.answer = (n, id) => (n === 1 && doomed.includes(id) ? "hang" : 200);
    // It dies with its requests in flight: modelled by a 100 ms timeout and nothing written afterwards.
    await Promise.all(
      events.map((e) => {
        const body = eventBodyText(e);
        return postEvent(receiver.url, signedHeaders([secret], e.id, new Date(), body), body, { mode: "sandbox", timeoutMs: 100 });
      }),
    );
    // Within its lease nobody takes the claimed events, nor the events behind them.
    expect(await deliverDueEvents(runnerDeps(b.db))).toBe(0);
    await runUntil(
      () => deliverDueEvents(runnerDeps(b.db)),
      () => allSettled(a.db),
      30_000,
    );
    expect(new Set(receiver.delivered())).toEqual(new Set(ids));
    expect(receiver.deliveredTwice()).toEqual([]);
    expect(receiver.received.filter((r) => r.answered === "hang").map((r) => r.id)).toEqual(
      expect.arrayContaining(events.map((e) => e.id)),
    );
    inOrder(ids, 3);
  }, 60_000);
});
