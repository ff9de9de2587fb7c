import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createIssuerClient, type AuditEntry, type IssuerConfig } from "@/lib/issuer/client";
import { ok, refusal, startFakeUpstream, type FakeUpstream, type Stall } from "@/lib/issuer/testing/fake-upstream";

// The client against a scripted upstream on a real socket: rate limits, outages and slow answers the
// sandbox never gives. Waits go through the injected `sleep`, so they are recorded, not slept.

let fake: FakeUpstream;
let sleeps: number[];
let audit: AuditEntry[];
beforeEach(async () => {
  fake = await startFakeUpstream();
  sleeps = [];
  audit = [];
});
afterEach(async () => fake.close());

const client = (config: Partial<IssuerConfig> = {}) =>
  createIssuerClient(
    { baseUrl: fake.baseUrl, apiKey: "key", apiSecret: "secret", ...config },
    { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, audit: async (entry) => void audit.push(entry) },
  );

const PRODUCTS = "GET /api/open/v1/issuing/products";
const CARDS = "POST /api/open/v2/issuing/cards";
const products = (issuer: ReturnType<typeof client>) =>
  issuer.call({ method: "GET", path: "/api/open/v1/issuing/products", schema: z.array(z.object({ id: z.string() })) });
const requestIds = (route: string) => fake.to(route).map((r) => r.headers["x-request-id"]);
const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );

describe("rate limits (429 with Retry-After)", () => {
  it("waits the seconds Retry-After gives, then repeats the call with the same X-Request-Id", async () => {
    fake.script(PRODUCTS, refusal(429, "RATE_LIMITED", { headers: { "retry-after": "2" } }), ok([{ id: "p1" }]));
    await expect(products(client())).resolves.toEqual([{ id: "p1" }]);
    expect(sleeps).toEqual([2000]);
    const ids = requestIds(PRODUCTS);
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it("caps the wait at 5 s, whether Retry-After is in seconds or an HTTP date", async () => {
    const inTenMinutes = new Date(Date.now() + 600_000).toUTCString();
    fake.script(
      PRODUCTS,
      refusal(429, "RATE_LIMITED", { headers: { "retry-after": "120" } }),
      refusal(429, "RATE_LIMITED", { headers: { "retry-after": inTenMinutes } }),
      ok([]),
    );
    await expect(products(client())).resolves.toEqual([]);
    expect(sleeps).toEqual([5000, 5000]);
  });

  it("reads an HTTP date in the past as 'now'; an unreadable value falls back to the backoff", async () => {
    fake.script(
      PRODUCTS,
      refusal(429, "RATE_LIMITED", { headers: { "retry-after": "Wed, 21 Oct 2015 07:28:00 GMT" } }),
      refusal(429, "RATE_LIMITED", { headers: { "retry-after": "soon" } }),
      ok([]),
    );
    await expect(products(client())).resolves.toEqual([]);
    expect(sleeps).toEqual([0, 300]); // 300: the second attempt's backoff (base 200 ms doubled, jitter 0.5)
  });

  it("gives up after 3 attempts with the upstream's code, status and the one request id", async () => {
    const limited = refusal(429, "RATE_LIMITED", { headers: { "retry-after": "1" } });
    fake.script(PRODUCTS, limited, limited, limited, ok([]));
    const error = await failureOf(products(client()));
    const ids = requestIds(PRODUCTS);
    expect(error).toMatchObject({ name: "IssuerError", code: "RATE_LIMITED", httpStatus: 429, requestId: ids[0] });
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    expect(sleeps).toEqual([1000, 1000]); // between attempts, none after the last
  });
});

describe("upstream failures", () => {
  it("503 then success: exponential backoff with jitter, the caller's request id on every attempt", async () => {
    fake.script(CARDS, refusal(503, "SERVICE_UNAVAILABLE"), refusal(503, "SERVICE_UNAVAILABLE"), ok({ id: "card_1" }));
    const card = await client().call({
      method: "POST",
      path: "/api/open/v2/issuing/cards",
      json: { cardholder_id: "ch_1" },
      requestId: "req-stored-before-the-call",
      schema: z.object({ id: z.string() }),
    });
    expect(card).toEqual({ id: "card_1" });
    expect(sleeps).toEqual([150, 300]); // base 200 ms, doubling; jitter 0.5 lands halfway between half and full
    expect(requestIds(CARDS)).toEqual(["req-stored-before-the-call", "req-stored-before-the-call", "req-stored-before-the-call"]);
    expect(fake.to(CARDS).map((r) => JSON.parse(r.body))).toEqual([
      { cardholder_id: "ch_1" },
      { cardholder_id: "ch_1" },
      { cardholder_id: "ch_1" },
    ]);
  });

  it("a refusal (4xx) is answered at once, never retried", async () => {
    fake.script(PRODUCTS, refusal(422, "PRODUCT_NOT_ENABLED"), ok([]));
    await expect(products(client())).rejects.toMatchObject({ code: "PRODUCT_NOT_ENABLED", httpStatus: 422 });
    expect(fake.to(PRODUCTS)).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });
});

describe("slow answers", () => {
  const stalls: Stall[] = ["before-headers", "after-headers", "trickle"];
  it.each(stalls)("an answer that stalls (%s) ends in TIMEOUT after the timeout, and is retried as the same request", async (stall) => {
    fake.script(PRODUCTS, { stall }, { stall }, { stall });
    const error = await failureOf(products(client({ timeoutMs: 300 })));
    expect(error).toMatchObject({ code: "TIMEOUT", httpStatus: 0 });
    const ids = requestIds(PRODUCTS);
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    const attempts = audit.filter((a) => a.path === "/api/open/v1/issuing/products");
    expect(attempts.map((a) => [a.attempt, a.errorCode])).toEqual([
      [1, "TIMEOUT"],
      [2, "TIMEOUT"],
      [3, "TIMEOUT"],
    ]);
  });

  it("a stalled attempt followed by a quick one succeeds", async () => {
    fake.script(PRODUCTS, { stall: "trickle" }, ok([{ id: "p1" }]));
    await expect(products(client({ timeoutMs: 300 }))).resolves.toEqual([{ id: "p1" }]);
    expect(fake.to(PRODUCTS)).toHaveLength(2);
  });
});
