import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCardOnce } from "@/lib/applications/card-issuance";
import { referenceOf } from "@/lib/applications/reference";
import { approvedApplication, SIMPLIFIED_ANSWERS, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { listApplicationOutboundEvents } from "@/lib/db/event-outbox";
import { startReceiver, type Receiver } from "@/lib/events/testing/receiver";
import { endpointAt, runnerDeps, runPass, runUntil } from "@/lib/events/testing/world";

// A whole application, started and driven through the embedded issuer over real HTTP, announced to a merchant's
// endpoint: each event verified by the Standard Webhooks library at the receiver, in the order of the moves.

describe("an application's events at a merchant's endpoint", () => {
  let world: TestWorld;
  let receiver: Receiver;
  beforeAll(async () => {
    world = await startTestWorld();
    receiver = await startReceiver([]);
  });
  afterAll(async () => {
    await receiver?.close();
    await world?.close();
  });

  it("application.started … application.card_issued arrive in order, verified, each once, with no answer in them", async () => {
    const { db } = world.handle;
    await endpointAt(db, receiver);
    const approved = await approvedApplication(world, "events");
    const issued = await issueCardOnce(world.deps, approved);
    expect(issued.state).toBe("card_issued");
    const written = await listApplicationOutboundEvents(db, issued.id);
    expect(written.map((e) => e.type)).toEqual([
      "application.started",
      "application.submitted",
      "application.identity_check.approved",
      "application.card_issued",
    ]);

    await runUntil(runPass(runnerDeps(db)), () => receiver.delivered().length === written.length);
    // Every post verified (an unverified one is answered 401 and would be in the list), once, in the order written.
    expect(receiver.received.map((r) => r.answered)).toEqual([200, 200, 200, 200]);
    expect(receiver.delivered()).toEqual(written.map((e) => e.id));
    const bodies = receiver.received.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> });
    expect(bodies.map((b) => [b.type, b.data.state])).toEqual([
      ["application.started", "draft"],
      ["application.submitted", "submitted"],
      ["application.identity_check.approved", "approved"],
      ["application.card_issued", "card_issued"],
    ]);
    for (const body of bodies) {
      expect(body.data).toMatchObject({ application_id: issued.id, reference: referenceOf(issued.id), merchant_reference: null });
    }
    expect(bodies.at(-1)?.data.card_id).toBe(issued.cardId);
    // None of the answers (names, email, phone) reaches the merchant's endpoint; the applicant's email is made unique.
    const sent = receiver.received.map((r) => r.body).join("\n");
    for (const value of [
      SIMPLIFIED_ANSWERS["about-you"].first_name,
      SIMPLIFIED_ANSWERS["about-you"].last_name,
      SIMPLIFIED_ANSWERS.contact.mobile_number,
      "@example.com",
    ]) {
      expect(sent).not.toContain(value);
    }
  }, 60_000);
});
