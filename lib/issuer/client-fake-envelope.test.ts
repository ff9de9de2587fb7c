import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createIssuerClient, type AuditEntry, type IssuerConfig } from "@/lib/issuer/client";
import { ok, refusal, startFakeUpstream, TOKEN_ROUTE, type FakeUpstream, type ScriptedAnswer } from "@/lib/issuer/testing/fake-upstream";

// The client against a scripted upstream on a real socket: broken envelopes, token renewal and
// failure, and the audit trail, read off the wire rather than off the sandbox's own habits.

let fake: FakeUpstream;
let sleeps: number[];
let audit: AuditEntry[];
beforeEach(async () => {
  fake = await startFakeUpstream();
  sleeps = [];
  audit = [];
});
afterEach(async () => fake.close());

const SECRET = "api-secret-never-logged";
const client = (config: Partial<IssuerConfig> = {}) =>
  createIssuerClient(
    { baseUrl: fake.baseUrl, apiKey: "api-key-never-logged", apiSecret: SECRET, ...config },
    { sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, audit: async (entry) => void audit.push(entry) },
  );

const PRODUCTS = "GET /api/open/v1/issuing/products";
const products = (issuer: ReturnType<typeof client>) =>
  issuer.call({ method: "GET", path: "/api/open/v1/issuing/products", schema: z.array(z.object({ id: z.string() })) });
const bearers = () => fake.to(PRODUCTS).map((r) => r.headers.authorization);
const requestIds = (route: string) => fake.to(route).map((r) => r.headers["x-request-id"]);

describe("malformed envelopes", () => {
  const cases: Array<[string, ScriptedAnswer, { httpStatus: number; attempts: number }]> = [
    [
      "an HTML error page with 502 (retried: the upstream's own failure)",
      { status: 502, body: "<html><h1>Bad gateway</h1></html>" },
      { httpStatus: 502, attempts: 3 },
    ],
    ['{"success":true} without data', { status: 200, body: { success: true } }, { httpStatus: 200, attempts: 1 }],
    ["data of the wrong shape", ok([{ id: 42 }]), { httpStatus: 200, attempts: 1 }],
    ["a 200 that is not JSON", { status: 200, body: "OK" }, { httpStatus: 200, attempts: 1 }],
    ['{"success":false} without a code', { status: 400, body: { success: false, message: "no" } }, { httpStatus: 400, attempts: 1 }],
    ["a JSON array instead of the envelope", { status: 200, body: [{ id: "p1" }] }, { httpStatus: 200, attempts: 1 }],
  ];
  it.each(cases)("%s is BAD_UPSTREAM_RESPONSE with its HTTP status", async (_name, answer, expected) => {
    fake.script(PRODUCTS, answer, answer, answer);
    await expect(products(client())).rejects.toMatchObject({
      name: "IssuerError",
      code: "BAD_UPSTREAM_RESPONSE",
      httpStatus: expected.httpStatus,
    });
    expect(fake.to(PRODUCTS)).toHaveLength(expected.attempts);
  });

  it("says where the shape was wrong", async () => {
    fake.script(PRODUCTS, ok([{ id: 42 }]));
    await expect(products(client())).rejects.toThrow(/unexpected shape \(at "0\.id"\)/);
  });
});

describe("the access token", () => {
  it("a 401 renews the token once and repeats the same request with the new one", async () => {
    fake.script(PRODUCTS, refusal(401, "UNAUTHORIZED"), ok([{ id: "p1" }]));
    await expect(products(client())).resolves.toEqual([{ id: "p1" }]);
    expect(fake.to(TOKEN_ROUTE)).toHaveLength(2);
    expect(bearers()).toEqual(["Bearer tok_1", "Bearer tok_2"]);
    const ids = requestIds(PRODUCTS);
    expect(ids[1]).toBe(ids[0]);
    expect(sleeps).toEqual([]); // a renewal is not a retry: no backoff
  });

  it("a second 401 is the answer: no endless renewals", async () => {
    fake.script(PRODUCTS, refusal(401, "UNAUTHORIZED"), refusal(401, "UNAUTHORIZED"), ok([]));
    await expect(products(client())).rejects.toMatchObject({ code: "UNAUTHORIZED", httpStatus: 401 });
    expect(fake.to(TOKEN_ROUTE)).toHaveLength(2);
    expect(fake.to(PRODUCTS)).toHaveLength(2);
  });

  it("a token refused for good fails the call without sending it, and is not retried", async () => {
    fake.script(TOKEN_ROUTE, refusal(401, "INVALID_CREDENTIALS"));
    await expect(products(client())).rejects.toMatchObject({ code: "INVALID_CREDENTIALS", httpStatus: 401 });
    expect(fake.to(TOKEN_ROUTE)).toHaveLength(1);
    expect(fake.to(PRODUCTS)).toHaveLength(0);
  });

  it("a token call that keeps failing is retried as one request, then fails the call without sending it", async () => {
    const down = refusal(503, "SERVICE_UNAVAILABLE");
    fake.script(TOKEN_ROUTE, down, down, down);
    await expect(products(client())).rejects.toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
    const ids = requestIds(TOKEN_ROUTE);
    expect(ids).toEqual([ids[0], ids[0], ids[0]]);
    expect(fake.to(PRODUCTS)).toHaveLength(0);
  });

  it("a token answer without access_token is BAD_UPSTREAM_RESPONSE, and the next call asks again", async () => {
    fake.script(TOKEN_ROUTE, ok({ token_type: "Bearer", expires_in: 7200 }));
    fake.script(PRODUCTS, ok([]));
    const issuer = client();
    await expect(products(issuer)).rejects.toMatchObject({ code: "BAD_UPSTREAM_RESPONSE" });
    await expect(products(issuer)).resolves.toEqual([]);
    expect(bearers()).toEqual(["Bearer tok_1"]);
  });

  it("the token call carries the credentials in its body and no Authorization header", async () => {
    fake.script(PRODUCTS, ok([]));
    await products(client());
    const [token] = fake.to(TOKEN_ROUTE);
    expect(token?.headers.authorization).toBeUndefined();
    expect(token?.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(token?.body ?? "{}")).toEqual({ api_key: "api-key-never-logged", api_secret: SECRET });
  });
});

describe("the audit sink", () => {
  it("gets one entry per attempt, with the redacted body; the upstream gets the real one", async () => {
    const CREATE = "POST /api/open/v2/issuing/cardholders";
    fake.script(CREATE, refusal(503, "SERVICE_UNAVAILABLE"), ok({ id: "ch_1" }));
    const cardholder = {
      first_name: "Ada",
      email: "ada@example.com",
      birth_date: "1990-05-17",
      ssn: "123456789",
      mobile_number: "7700900123",
      identity: { type: "PASSPORT", number: "X9876543" },
    };
    await client().call({
      method: "POST",
      path: "/api/open/v2/issuing/cardholders",
      json: cardholder,
      requestId: "req-audit",
      schema: z.object({ id: z.string() }),
    });

    expect(audit.map((a) => [a.path, a.attempt, a.httpStatus, a.errorCode])).toEqual([
      ["/api/open/v1/auth/token", 1, 200, null],
      ["/api/open/v2/issuing/cardholders", 1, 503, "SERVICE_UNAVAILABLE"],
      ["/api/open/v2/issuing/cardholders", 2, 200, null],
    ]);
    expect(audit[0]?.requestBody).toEqual({ api_key: "[removed]", api_secret: "[removed]" });
    const redacted = {
      first_name: "Ada",
      email: "ada@example.com",
      birth_date: "[hidden]",
      ssn: "*****6789",
      mobile_number: "******0123",
      identity: { type: "PASSPORT", number: "****6543" },
    };
    for (const entry of audit.slice(1)) expect(entry).toMatchObject({ method: "POST", requestId: "req-audit", requestBody: redacted });
    const logged = JSON.stringify(audit);
    for (const secret of [SECRET, "api-key-never-logged", "123456789", "X9876543", "1990-05-17", "7700900123"])
      expect(logged).not.toContain(secret);
    expect(fake.to(CREATE).map((r) => JSON.parse(r.body))).toEqual([cardholder, cardholder]);
  });
});
