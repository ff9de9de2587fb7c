import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLAIM_STALE_MS, issueCardOnce } from "@/lib/applications/card-issuance";
import { approvedApplication, startTestWorld, type TestWorld } from "@/lib/applications/testing";
import { findApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";
import type { CallOptions } from "@/lib/issuer/client";
import { listCardsOf } from "@/lib/sandbox/store/cards";

// The reliability suite's phase 4 (the database ends every connection each 2 s) once left an application in
// card_issuing with its card made upstream: the card was created, then the write recording it and the backing off
// were both lost with the connection. Kept as a fixed case: nothing is written until the claim's takeover time, then
// the same request id finishes it with the one card (phase 4 now lets such stragglers settle, reliability/database-restart.mjs).

let world: TestWorld;
beforeAll(async () => void (world = await startTestWorld()));
afterAll(async () => world.close());

/** The database as the portal sees it while its connections are ended: every query fails. */
function unreachable(db: Database, down: () => boolean): Database {
  return new Proxy(db, {
    get: (target, key, receiver) =>
      down() && typeof key === "string" && ["select", "insert", "update", "delete", "execute", "transaction"].includes(key)
        ? () => {
            throw new Error("Connection terminated unexpectedly");
          }
        : Reflect.get(target, key, receiver),
  });
}

describe("the card is made upstream but its record is lost with the database connection", () => {
  it("waits for the claim's takeover time, then records the one card under the same request id", async () => {
    const approved = await approvedApplication(world, "lost");
    let lost = false;
    const issuer = world.deps.issuer;
    const deps = {
      ...world.deps,
      db: unreachable(world.deps.db, () => lost),
      issuer: {
        ...issuer,
        call: async <T>(options: CallOptions<T>): Promise<T> => {
          const answer = await issuer.call(options);
          if (options.method === "POST" && options.path.endsWith("/issuing/cards")) lost = true; // after the card exists
          return answer;
        },
      },
    };
    await expect(issueCardOnce(deps, approved)).rejects.toThrow("Connection terminated");
    const cardholderId = approved.cardholderId as string;
    expect(await listCardsOf(world.handle.db, cardholderId)).toHaveLength(1);
    const stranded = (await findApplication(world.deps.db, approved.id)) as Application;
    expect(stranded).toMatchObject({ state: "card_issuing", cardId: null });

    // The connection is back. Before the takeover time the claim is left alone (another process may hold it).
    lost = false;
    const at = (ms: number) => ({ ...world.deps, now: () => new Date((stranded.cardClaimedAt as Date).getTime() + ms) });
    expect(await issueCardOnce(at(CLAIM_STALE_MS - 1_000), stranded)).toMatchObject({ state: "card_issuing", cardId: null });
    const issued = await issueCardOnce(at(CLAIM_STALE_MS + 1_000), stranded);
    const cards = await listCardsOf(world.handle.db, cardholderId);
    expect(cards).toHaveLength(1);
    expect(issued).toMatchObject({ state: "card_issued", cardId: cards[0]?.id, cardRequestId: stranded.cardRequestId });
  });
});
