import { describe, expect, it } from "vitest";
import { findEndpoint } from "@/lib/db/event-endpoints";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import { createEndpoint, rotateSecret, signingSecrets } from "@/lib/events/endpoints";
import { receiverSecrets } from "@/lib/events/sandbox-receiver/receive";
import { verifyArrival } from "@/lib/events/sandbox-receiver/verify";
import { signedHeaders } from "@/lib/events/signing";
import { KEYS } from "@/lib/events/testing/world";

// The receiver's secrets come from the endpoints table, opened as the runner opens them: only endpoints pointing at
// the receiver, the previous secret only during its overlap. A post signed as the runner signs verifies with them.

const HOSTS = new Set(["127.0.0.1:3000", "localhost:3000"]);
const HERE = "http://127.0.0.1:3000/sandbox/events/receive";

describe.each(testEngines())("the sandbox receiver's secrets (%s)", (_name, open) => {
  const handle = useTestDatabase(open);

  it("takes the endpoints pointing here, their previous secret during a rotation's overlap only, and verifies the runner's posts", async () => {
    const { db } = handle();
    const t0 = new Date();
    const deps = { db, keys: KEYS, mode: "sandbox" as const, now: () => t0 };
    const here = await createEndpoint(deps, { url: HERE });
    await createEndpoint(deps, { url: "http://127.0.0.1:3999/hooks" });
    expect(await receiverSecrets(db, KEYS, HOSTS, t0)).toEqual([{ endpointId: here.endpoint.id, current: here.secret, previous: null }]);

    const next = await rotateSecret(deps, here.endpoint.id, 60_000);
    const during = await receiverSecrets(db, KEYS, HOSTS, new Date(t0.getTime() + 30_000));
    expect(during).toEqual([{ endpointId: here.endpoint.id, current: next, previous: here.secret }]);
    const after = await receiverSecrets(db, KEYS, HOSTS, new Date(t0.getTime() + 61_000));
    expect(after).toEqual([{ endpointId: here.endpoint.id, current: next, previous: null }]);

    // The runner's headers during the overlap carry both signatures: the current secret verifies.
    const row = await findEndpoint(db, here.endpoint.id);
    const body = '{"type":"application.started","data":{}}';
    const both = signedHeaders(signingSecrets(row!, KEYS, new Date()), "evt_1", new Date(), body);
    expect(both["webhook-signature"].split(" ")).toHaveLength(2);
    expect(verifyArrival(body, both, during)).toEqual({ ok: true, secret: "current", endpointId: here.endpoint.id });
    // A post signed with the old secret alone: the previous one, during the overlap; nothing after it.
    const old = signedHeaders([here.secret], "evt_2", new Date(), body);
    expect(verifyArrival(body, old, during)).toMatchObject({ ok: true, secret: "previous" });
    expect(verifyArrival(body, old, after)).toMatchObject({ ok: false, reason: "mismatch" });
  });
});
