import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CARD_RETRY_BASE_MS, CLAIM_STALE_MS, issueCardOnce } from "@/lib/applications/card-issuance";
import { approvedApplication, simulate, startTestWorld, type TestWorld } from "@/lib/applications/testing";

// Issue #14 defects (b) and (c): a card creation whose three tries all fail is tried again after a short,
// growing delay (not the 30 s takeover of a crashed process), and the sandbox's faults never take down the
// token call, so a test can always clear them.

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

const at = (ms: number) => ({ ...world.deps, now: () => new Date(Date.now() + ms) });

describe("card creation under an issuer outage", () => {
  it("keeps the claim and its request id, then tries again after 2 s, 4 s… rather than after 30 s", async () => {
    const approved = await approvedApplication(world, "retry");
    expect((await simulate(world, "/faults", { error_rate: 1 })).status).toBe(200);
    const failed = await issueCardOnce(world.deps, approved);
    expect(failed).toMatchObject({ state: "card_issuing", cardAttempts: 1 });
    const requestId = failed.cardRequestId;

    // (c) The token call is outside the faults: a fresh token, then the helper that clears them.
    const token = await fetch(`${world.sandbox.baseUrl}/api/open/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": crypto.randomUUID() },
      body: JSON.stringify({ api_key: "sandbox_key", api_secret: "sandbox_secret" }),
    });
    expect(token.status).toBe(200);
    expect((await simulate(world, "/faults", {})).status).toBe(200);

    // Before the first delay it is left alone; after it, the same request id issues the card.
    const early = await issueCardOnce(at(CARD_RETRY_BASE_MS - 500), failed);
    expect(early).toMatchObject({ state: "card_issuing", cardId: null });
    const issued = await issueCardOnce(at(CARD_RETRY_BASE_MS + 500), failed);
    expect(issued).toMatchObject({ state: "card_issued", cardRequestId: requestId });
    expect(CARD_RETRY_BASE_MS).toBeLessThan(CLAIM_STALE_MS);
  });

  it("waits longer after each failed round: 2 s, then 4 s, then 8 s", async () => {
    const approved = await approvedApplication(world, "retry");
    await simulate(world, "/faults", { error_rate: 1 });
    let app = await issueCardOnce(at(0), approved); // round 1 at t = 0 s: next due at 2 s
    const rounds: Array<[tooEarly: number, retry: number, attempts: number]> = [
      [1_500, 2_500, 2], // due at 2 s; round 2 at 2.5 s: next due at 6.5 s
      [6_000, 7_000, 3], // round 3 at 7 s: next due at 15 s
      [14_500, 15_500, 4],
    ];
    for (const [tooEarly, retry, attempts] of rounds) {
      expect(await issueCardOnce(at(tooEarly), app)).toMatchObject({ cardAttempts: attempts - 1 });
      app = await issueCardOnce(at(retry), app);
      expect(app, `round ${attempts}`).toMatchObject({ state: "card_issuing", cardAttempts: attempts });
    }
    await simulate(world, "/faults", {});
  });
});
