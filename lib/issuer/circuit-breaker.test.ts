import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/route";
import { CircuitBreaker } from "@/lib/issuer/circuit-breaker";
import { createIssuerClient } from "@/lib/issuer/client";
import { listProducts } from "@/lib/issuer/resources/products";

// An outage must not triple every call: once the breaker opens, calls fail at once without reaching the issuer.

describe("the issuer client's circuit breaker", () => {
  it("opens after N outages in a row, answers CIRCUIT_OPEN without calling, and closes on the first answer", async () => {
    let clock = 0;
    let calls = 0;
    let down = true;
    const fetchImpl: typeof fetch = async (input) => {
      calls += 1;
      if (down) throw new TypeError("fetch failed");
      const path = new URL(String(input)).pathname;
      const data = path.endsWith("/auth/token") ? { access_token: "t", token_type: "Bearer", expires_in: 7200 } : [];
      return new Response(JSON.stringify({ success: true, data }), { status: 200, headers: { "content-type": "application/json" } });
    };
    const breaker = new CircuitBreaker(5, 10_000, () => clock); // 5 here (10 by default) keeps the story short
    const client = createIssuerClient(
      { baseUrl: "http://issuer.test", apiKey: "k", apiSecret: "s" },
      { fetchImpl, breaker, sleep: async () => undefined },
    );

    // Call 1: the token call tries 3 times. Call 2: 2 more outages open the breaker and its retries stop at once.
    await expect(listProducts(client)).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    await expect(listProducts(client)).rejects.toMatchObject({ code: "NETWORK_ERROR" });
    expect(calls).toBe(5);
    for (let i = 0; i < 20; i++) await expect(listProducts(client)).rejects.toMatchObject({ code: "CIRCUIT_OPEN", httpStatus: 503 });
    expect(calls).toBe(5);

    // After the cool-down calls go through again; the issuer is back: the breaker closes.
    clock += 10_001;
    down = false;
    await expect(listProducts(client)).resolves.toEqual([]);
    expect(breaker.isOpen).toBe(false);
  });

  it("a refusal (4xx) is an answer, not an outage", () => {
    const breaker = new CircuitBreaker(2, 1_000, () => 0);
    breaker.record("outage");
    breaker.record("answer");
    breaker.record("outage");
    expect(breaker.isOpen).toBe(false);
    breaker.record("outage");
    expect(breaker.isOpen).toBe(true);
  });

  it("says how long it stays open, and the portal's 503 carries it as Retry-After", async () => {
    let clock = 0;
    const breaker = new CircuitBreaker(1, 10_000, () => clock);
    breaker.record("outage");
    clock = 2_500;
    const caught = (() => {
      try {
        breaker.enter("req-open");
      } catch (error) {
        return error;
      }
    })();
    expect(caught).toMatchObject({ code: "CIRCUIT_OPEN", retryAfterSeconds: 8 });
    const response = errorResponse(caught);
    expect([response.status, response.headers.get("retry-after")]).toEqual([503, "8"]);
    clock = 9_999;
    expect(() => breaker.enter("req-late")).toThrow(expect.objectContaining({ retryAfterSeconds: 1 }));
  });
});
