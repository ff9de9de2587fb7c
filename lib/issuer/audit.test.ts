import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import { listUpstreamRequestsById } from "@/lib/db/upstream-requests";
import { databaseAudit } from "@/lib/issuer";
import { createIssuerClient } from "@/lib/issuer/client";
import { createCardholderV1 } from "@/lib/issuer/resources/cardholders";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/testing/http-server";

vi.spyOn(console, "log").mockImplementation(() => undefined);

let handle: DbHandle;
let sandbox: SandboxServer;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
  sandbox = await startSandboxServer(handle.db);
});
afterAll(async () => {
  await sandbox.close();
  await handle.close();
});

describe("the upstream request log", () => {
  it("keeps one row per call with method, path, request id, status, duration and a redacted body", async () => {
    const issuer = createIssuerClient(
      { baseUrl: sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret" },
      { audit: databaseAudit(async () => handle.db) },
    );
    const requestId = crypto.randomUUID();
    await createCardholderV1(
      issuer,
      { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", ssn: "123456789", identity: { number: "X9876543" } },
      requestId,
    );
    const [row] = await listUpstreamRequestsById(handle.db, requestId);
    expect(row).toMatchObject({
      method: "POST",
      path: "/api/open/v1/issuing/cardholders",
      attempt: 1,
      httpStatus: 200,
      errorCode: null,
      durationMs: expect.any(Number),
    });
    expect(row?.requestBody).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      ssn: "*****6789",
      identity: { number: "****6543" },
    });
  });
});
