import { describe, expect, it } from "vitest";
import { newEndpointSecret, signedHeaders } from "@/lib/events/signing";
import { pointsHere, verifyArrival, type EndpointSecrets } from "@/lib/events/sandbox-receiver/verify";

// The receiver's verdicts, on posts signed as the runner signs them (lib/events/signing.ts).

const body = JSON.stringify({ type: "application.started", timestamp: "2026-11-27T08:00:00.000Z", data: { application_id: "app_1" } });
const a = newEndpointSecret();
const b = newEndpointSecret();
const old = newEndpointSecret();
const sign = (secrets: string[], at = new Date(), text = body) => signedHeaders(secrets, "evt_1", at, text);
const endpoint = (endpointId: string, current: string, previous: string | null = null): EndpointSecrets => ({
  endpointId,
  current,
  previous,
});

describe("verifyArrival", () => {
  it("verifies with the current secret, naming the endpoint whose secret it is", () => {
    expect(verifyArrival(body, sign([b]), [endpoint("ep_a", a), endpoint("ep_b", b)])).toEqual({
      ok: true,
      secret: "current",
      endpointId: "ep_b",
    });
  });

  it("during a rotation's overlap: the current secret first, the previous one when only it matches", () => {
    expect(verifyArrival(body, sign([a, old]), [endpoint("ep_a", a, old)])).toMatchObject({ ok: true, secret: "current" });
    expect(verifyArrival(body, sign([old]), [endpoint("ep_a", a, old)])).toMatchObject({ ok: true, secret: "previous" });
    // Once the overlap is over the receiver is given no previous secret: a post signed with it no longer verifies.
    expect(verifyArrival(body, sign([old]), [endpoint("ep_a", a)])).toMatchObject({ ok: false, reason: "mismatch" });
  });

  it("refuses a tampered body, a foreign secret, and a post when no endpoint points here", () => {
    const headers = sign([a]);
    expect(verifyArrival(body.replace("app_1", "app_2"), headers, [endpoint("ep_a", a)])).toMatchObject({ ok: false, reason: "mismatch" });
    expect(verifyArrival(body, sign([b]), [endpoint("ep_a", a)])).toMatchObject({ ok: false, reason: "mismatch" });
    expect(verifyArrival(body, headers, [])).toMatchObject({ ok: false, reason: "no_endpoint" });
  });

  it("refuses a timestamp more than 5 minutes off, either way, and an unreadable one", () => {
    const now = Date.now();
    expect(verifyArrival(body, sign([a], new Date(now - 6 * 60_000)), [endpoint("ep_a", a)])).toMatchObject({ reason: "timestamp" });
    expect(verifyArrival(body, sign([a], new Date(now + 6 * 60_000)), [endpoint("ep_a", a)])).toMatchObject({ reason: "timestamp" });
    expect(verifyArrival(body, { ...sign([a]), "webhook-timestamp": "soon" }, [endpoint("ep_a", a)])).toMatchObject({
      reason: "timestamp",
    });
    // Within the tolerance it verifies.
    expect(verifyArrival(body, sign([a], new Date(now - 4 * 60_000)), [endpoint("ep_a", a)])).toMatchObject({ ok: true });
  });

  it("names the missing headers", () => {
    const headers = { ...sign([a]), "webhook-signature": "", "webhook-id": "" };
    expect(verifyArrival(body, headers, [endpoint("ep_a", a)])).toEqual({
      ok: false,
      reason: "missing_header",
      missing: ["webhook-id", "webhook-signature"],
    });
  });

  it("verifies a body that is not JSON (the library is told not to parse it)", () => {
    expect(verifyArrival("plain", sign([a], new Date(), "plain"), [endpoint("ep_a", a)])).toMatchObject({ ok: true });
  });
});

describe("pointsHere", () => {
  const hosts = new Set(["127.0.0.1:3000", "localhost:3000"]);
  it("takes the receiver's path on the portal's own names only", () => {
    expect(pointsHere("http://127.0.0.1:3000/sandbox/events/receive", hosts)).toBe(true);
    expect(pointsHere("http://localhost:3000/sandbox/events/receive/", hosts)).toBe(true);
    expect(pointsHere("http://127.0.0.1:3001/sandbox/events/receive", hosts)).toBe(false);
    expect(pointsHere("https://merchant.example/sandbox/events/receive", hosts)).toBe(false);
    expect(pointsHere("http://127.0.0.1:3000/hooks", hosts)).toBe(false);
    expect(pointsHere("not a url", hosts)).toBe(false);
  });
});
