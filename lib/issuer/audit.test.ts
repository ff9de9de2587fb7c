import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import { listUpstreamRequestsById } from "@/lib/db/upstream-requests";
import { databaseAudit } from "@/lib/issuer";
import { ownerKeyring } from "@/lib/crypto/data-keys";
import { keyringOf, open } from "@/lib/crypto/secret-box";
import { createIssuerClient, forApplication } from "@/lib/issuer/client";
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

// The clear values as words: a sealed value is random base64url, which held "Ada" inside "ZAdaj" on one run of
// npm run test:clock (1 in about 1,300 runs), so a bare /Ada/ failed by chance.
const CLEAR = /\bAda\b|Lovelace|ada@example/;
const ONCE_FAILED =
  "v3.3WSrafU0.nlrFjBdZjMTmEmEO.wav49awTxvyzNY8JyWQrow.3uHCNWI3IBATlJN58849zBgOzxJPmlzoZ8i7B1cdjaFkT4Vv8dLnQ55SbkAeWtztUD-HF4Qma7fgM-biig5Yzl32SCIJ_vLuzl02UEFTZAdajv2giR-dqyoafmf9dvV_lONV_7xbiC8-Ymmq7HjymIdj4ggTWZSG";

describe("the upstream request log", () => {
  it("finds clear values as words, not inside a sealed value's random text (a case that once failed)", () => {
    expect(ONCE_FAILED).not.toMatch(CLEAR);
    expect('{"first_name":"Ada"}').toMatch(CLEAR);
  });

  it("keeps one row per call with method, path, request id, status, duration and a redacted body, sealed", async () => {
    const keys = keyringOf("test data encryption key");
    const issuer = createIssuerClient(
      { baseUrl: sandbox.baseUrl, apiKey: "sandbox_key", apiSecret: "sandbox_secret" },
      {
        audit: databaseAudit(
          async () => handle.db,
          () => keys,
        ),
      },
    );
    const requestId = crypto.randomUUID();
    await createCardholderV1(
      forApplication(issuer, "app_AAAAAAAAAAAAAAAAAAAAAA"),
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
      // The staff timeline, export and erasure find an application's calls by it.
      applicationId: "app_AAAAAAAAAAAAAAAAAAAAAA",
    });
    // Names and emails are personal data: the body is kept for audit, sealed; nothing of it is in clear.
    expect(row?.requestBody).toBeNull();
    expect(row?.requestBodySealed).not.toMatch(CLEAR);
    // With the application's own data key: an erasure destroys it.
    expect(row?.requestBodySealed?.startsWith("v3.")).toBe(true);
    const ring = await ownerKeyring(keys, handle.db, "app_AAAAAAAAAAAAAAAAAAAAAA");
    expect(JSON.parse(open(row?.requestBodySealed ?? "", ring!))).toEqual({
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      ssn: "*****6789",
      identity: { number: "****6543" },
    });
  });
});
