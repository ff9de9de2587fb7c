import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countDeliveries, listDeliveryAttempts, listEventDeliveries } from "@/lib/db/event-deliveries";
import { deleteEndpoint, enableEndpoint, findEndpoint, listEndpoints } from "@/lib/db/event-endpoints";
import { keyringOf } from "@/lib/crypto/secret-box";
import { resealBatch } from "@/lib/crypto/reseal";
import { eventEndpoints } from "@/lib/db/schema";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { rotateSecret } from "@/lib/events/endpoints";
import { RESPONSE_EXCERPT_BYTES } from "@/lib/events/deliver";
import { deliverDueEvents } from "@/lib/events/runner";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, KEY_SECRET, KEYS, runnerDeps, runPass, runUntil, writeEvents } from "@/lib/events/testing/world";

// The runner against a loopback receiver that verifies every post with the Standard Webhooks library: order,
// retries, a secret's rotation, redirects, the disable rule, and the stored excerpt's cap.

describe.each(testEngines())("outbound event delivery (%s)", (_name, open) => {
  const handle = useTestDatabase(open);
  let receiver: Receiver;
  beforeAll(async () => void (receiver = await startReceiver([])));
  afterAll(() => receiver?.close());
  /** One endpoint per test: the earlier tests' endpoints (all at this receiver) go, with their deliveries. */
  const fresh = async () => {
    for (const e of await listEndpoints(handle().db)) await deleteEndpoint(handle().db, e.id);
    receiver.received.length = 0;
    receiver.answer = () => 200;
  };

  it("a receiver that fails three times then recovers gets each event once, in order, once it recovers", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    const ids = await writeEvents(db, "recover", 1, 3);
    let posts = 0;
    receiver.answer = () => (++posts <= 3 ? 503 : 200);
    const deps = runnerDeps(db);
    await runUntil(runPass(deps), () => receiver.delivered().length === 3);
    expect(receiver.delivered()).toEqual(ids);
    expect(receiver.deliveredTwice()).toEqual([]);
    // The first event took the three failures: the next ones waited behind it, never posted before it.
    expect(receiver.received.map((r) => [r.id, r.answered])).toEqual([
      [ids[0], 503],
      [ids[0], 503],
      [ids[0], 503],
      [ids[0], 200],
      [ids[1], 200],
      [ids[2], 200],
    ]);
    const [first] = await listEventDeliveries(db, ids[0] ?? "");
    const attempts = await listDeliveryAttempts(db, first?.id ?? 0);
    expect(attempts.map((a) => [a.attempt, a.status])).toEqual([
      [1, 503],
      [2, 503],
      [3, 503],
      [4, 200],
    ]);
    // The receiver's 2 kB answer is kept to its first kilobyte.
    expect(attempts.every((a) => (a.responseExcerpt?.length ?? 0) <= RESPONSE_EXCERPT_BYTES)).toBe(true);
    expect(attempts[0]?.responseExcerpt?.length).toBe(RESPONSE_EXCERPT_BYTES);
    expect((await findEndpoint(db, endpoint.id))?.consecutiveFailures).toBe(0);
  });

  it("a rotation keeps deliveries verifying: both secrets sign during the overlap, the new one alone after it", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint, secret: old } = await endpointAt(db, receiver);
    const deps = { db, keys: KEYS, mode: "sandbox" as const, now: () => new Date() };
    const fresher = await rotateSecret(deps, endpoint.id, 3_600_000);
    // The receiver still has the old secret only: the overlap's second signature verifies with it.
    receiver.secrets = [old];
    const [a] = await writeEvents(db, "rotate-a", 1, 1);
    await runUntil(runPass(runnerDeps(db)), () => receiver.delivered().includes(a ?? ""));
    // The merchant switches to the new secret during the overlap.
    receiver.secrets = [fresher];
    const [b] = await writeEvents(db, "rotate-b", 1, 1);
    await runUntil(runPass(runnerDeps(db)), () => receiver.delivered().includes(b ?? ""));
    expect(receiver.received.filter((r) => r.answered === 200).map((r) => r.signatures)).toEqual([2, 2]);
    // The overlap is over (its end moved to now; the receiver's library refuses a timestamp out of its 5 minutes,
    // so the clock itself cannot be moved): one signature, the new secret's; the old one alone no longer verifies.
    await db.update(eventEndpoints).set({ previousSecretExpiresAt: new Date() }).where(eq(eventEndpoints.id, endpoint.id));
    const [c] = await writeEvents(db, "rotate-c", 1, 1);
    receiver.secrets = [old];
    await deliverDueEvents(runnerDeps(db));
    expect(receiver.received.at(-1)).toMatchObject({ id: c, signatures: 1, answered: 401 });
    receiver.secrets = [fresher];
    await runUntil(runPass(runnerDeps(db)), () => receiver.delivered().includes(c ?? ""));
    expect(receiver.deliveredTwice()).toEqual([]);
  });

  it("a rotation of DATA_ENCRYPTION_KEY re-seals the endpoint's secrets: deliveries still verify under the new key alone", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    const rotated = keyringOf("the next data encryption key", KEY_SECRET);
    await resealBatch(db, rotated, 100);
    const resealed = await findEndpoint(db, endpoint.id);
    expect(resealed?.secretSealed).not.toBe(endpoint.secretSealed);
    expect(resealed?.secretSealed.startsWith(`v2.${rotated.current.id}.`)).toBe(true);
    const [id] = await writeEvents(db, "reseal", 1, 1);
    await runUntil(runPass(runnerDeps(db, { keys: keyringOf("the next data encryption key") })), () =>
      receiver.delivered().includes(id ?? ""),
    );
  });

  it("a redirect is a failed attempt, never followed", async () => {
    await fresh();
    const { db } = handle();
    await endpointAt(db, receiver);
    const [id] = await writeEvents(db, "redirect", 1, 1);
    receiver.answer = (n) => (n === 1 ? 302 : 200);
    await runUntil(runPass(runnerDeps(db)), () => receiver.delivered().includes(id ?? ""));
    const [delivery] = await listEventDeliveries(db, id ?? "");
    const attempts = await listDeliveryAttempts(db, delivery?.id ?? 0);
    expect(attempts.map((a) => [a.status, a.error])).toEqual([
      [302, "redirect not followed"],
      [200, null],
    ]);
  });

  it("an endpoint failing on and on is disabled (staff told); its events wait and go out in order once enabled", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    receiver.answer = () => 500;
    const ids = await writeEvents(db, "disable", 1, 2);
    const told: string[] = [];
    const deps = runnerDeps(db, {
      disable: { afterFailures: 4, afterMs: 0 },
      onDisabled: async (e) => void told.push(e.id),
    });
    await runUntil(runPass(deps), async () => (await findEndpoint(db, endpoint.id))?.enabled === false);
    expect(told).toEqual([endpoint.id]);
    const stopped = await findEndpoint(db, endpoint.id);
    expect(stopped).toMatchObject({ enabled: false, disabledReason: "failures", consecutiveFailures: 4 });
    // Disabled: nothing is claimed for it any more, however long one waits.
    expect(await deliverDueEvents(runnerDeps(db, { now: () => new Date(Date.now() + 60_000) }))).toBe(0);
    receiver.answer = () => 200;
    await enableEndpoint(db, endpoint.id, new Date());
    await runUntil(runPass(deps), () => ids.every((id) => receiver.delivered().includes(id)));
    expect(receiver.delivered().filter((id) => ids.includes(id))).toEqual(ids);
  });

  it("gives up after the retry window: the delivery is abandoned and the next event goes", async () => {
    await fresh();
    const { db } = handle();
    const { endpoint } = await endpointAt(db, receiver);
    const ids = await writeEvents(db, "abandon", 1, 2);
    receiver.answer = (_n, id) => (id === ids[0] ? 500 : 200);
    const deps = runnerDeps(db, { retry: { baseMs: 5, capMs: 20, windowMs: 100 } });
    await runUntil(runPass(deps), () => receiver.delivered().includes(ids[1] ?? ""));
    expect(await countDeliveries(db, endpoint.id)).toEqual({ pending: 0, delivered: 1, abandoned: 1 });
    expect(receiver.delivered()).toEqual([ids[1]]);
  });
});
