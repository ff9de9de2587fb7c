import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import { createIssuerClient, type AuditEntry } from "@/lib/issuer/client";
import { ISSUER_CODES, IssuerError } from "@/lib/issuer/errors";
import { createCardholderV1, getCardholder, listCardholdersV1 } from "@/lib/issuer/resources/cardholders";
import { listProducts } from "@/lib/issuer/resources/products";
import { setFaults } from "@/lib/sandbox/faults";
import { sandboxTokens } from "@/lib/sandbox/schema";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/testing/http-server";

// The client against the sandbox over real loopback HTTP: no mocked upstream.

let handle: DbHandle;
let sandbox: SandboxServer;
let audit: AuditEntry[];
const noSleep = async () => undefined;

beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
  sandbox = await startSandboxServer(handle.db);
});
afterAll(async () => {
  await sandbox.close();
  await handle.close();
});
beforeEach(async () => {
  audit = [];
  sandbox.hits.length = 0;
  await setFaults(handle.db, {});
});

const client = (overrides: Partial<Parameters<typeof createIssuerClient>[0]> = {}) =>
  createIssuerClient(
    { baseUrl: sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret", ...overrides },
    { audit: async (e) => void audit.push(e), sleep: noSleep },
  );
const tokenCalls = () => sandbox.hits.filter((h) => h.path === "/api/open/v1/auth/token").length;

describe("issuer client", () => {
  it("200 concurrent calls with an empty token cache make exactly one token call", async () => {
    const issuer = client();
    const results = await Promise.all(Array.from({ length: 200 }, () => listProducts(issuer)));
    expect(results.every((r) => r.length > 0)).toBe(true);
    expect(tokenCalls()).toBe(1);
  });

  it("maps the wire product to the app type", async () => {
    const [first] = await listProducts(client());
    expect(first).toMatchObject({
      id: "prod_virtual_simplified_usd",
      kycLevel: "Simplified",
      supportAreaCode: [],
      maxCardsPerCardholder: null,
    });
  });

  it("renews the token once on 401 and repeats the call", async () => {
    const issuer = client();
    await listProducts(issuer);
    await handle.db.delete(sandboxTokens); // the upstream forgets every token
    await expect(listProducts(issuer)).resolves.toHaveLength(4);
    expect(tokenCalls()).toBe(2);
  });

  it("turns refusals into IssuerError with code, status, request id and fields", async () => {
    const error = await listProducts(client({ apiSecret: "wrong" })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IssuerError);
    expect(error).toMatchObject({ code: "INVALID_CREDENTIALS", httpStatus: 401, requestId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    const missing = await getCardholder(client(), "ch_unknown").catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: "CARDHOLDER_NOT_FOUND", httpStatus: 404 });
  });

  it("retries 5xx with the same X-Request-Id, then gives up with the upstream's code", async () => {
    const issuer = client();
    await listProducts(issuer);
    audit = [];
    await setFaults(handle.db, { error_rate: 1 });
    const error = await listProducts(issuer).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: "SERVICE_UNAVAILABLE", httpStatus: 503 });
    expect(audit.map((a) => a.attempt)).toEqual([1, 2, 3]);
    expect(new Set(audit.map((a) => a.requestId)).size).toBe(1);
  });

  it("a write whose answer was lost is retried as the same request: one cardholder upstream", async () => {
    const email = `lost.${crypto.randomUUID()}@example.com`;
    await setFaults(handle.db, { drop_rate: 1 });
    let calls = 0;
    const issuer = createIssuerClient(
      { baseUrl: sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret" },
      {
        sleep: noSleep,
        // After the first write is carried out (and its answer dropped), the network heals.
        fetchImpl: async (input, init) => {
          const response = await fetch(input, init);
          if (String(input).endsWith("/v1/issuing/cardholders") && ++calls === 1) await setFaults(handle.db, {});
          return response;
        },
      },
    );
    const id = await createCardholderV1(issuer, { first_name: "Lost", last_name: "Answer", email }, crypto.randomUUID());
    expect(id).toMatch(/^ch_/);
    expect(calls).toBe(2);
    const list = (await listCardholdersV1(issuer, { email })) as { total: number };
    expect(list.total).toBe(1);
  });

  it("gives up on a network error or timeout with a clear code", async () => {
    const unreachable = createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }, { sleep: noSleep });
    await expect(listProducts(unreachable)).rejects.toMatchObject({ code: ISSUER_CODES.network, httpStatus: 0 });
    await setFaults(handle.db, { latency_ms: 300 });
    await expect(listProducts(client({ timeoutMs: 50 }))).rejects.toMatchObject({ code: ISSUER_CODES.timeout });
  });

  it("audits every attempt without the credentials", async () => {
    await listProducts(client());
    const token = audit.find((a) => a.path === "/api/open/v1/auth/token");
    expect(token?.requestBody).toEqual({ api_key: "[removed]", api_secret: "[removed]" });
    expect(JSON.stringify(audit)).not.toContain("sandbox_secret");
  });
});
