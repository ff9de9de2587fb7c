import { expect, test } from "./support/test";
import { exitOf, freePort, LIVE_ENV as LIVE, startServer, waitForHttp } from "./support/spawn-server";

// Second servers of the same build in live mode: configuration checks at start, and no sandbox.

test("live mode without its required variables stops the start with one message naming each", async ({}, testInfo) => {
  const server = startServer(await freePort(), {
    PORTAL_MODE: "live",
    ISSUER_BASE_URL: "https://issuer.example.com",
    NEXTAUTH_SECRET: "short",
    DATA_DIR: testInfo.outputPath("data"),
  });
  const code = await exitOf(server);
  const output = server.output();
  expect(code, output).toBe(1);
  expect(output).toContain("The portal cannot start: 7 configuration problem(s) (live mode");
  for (const problem of [
    "ISSUER_API_KEY is required in live mode",
    "ISSUER_API_SECRET is required in live mode",
    "ISSUER_WEBHOOK_SECRET is required in live mode",
    "NEXTAUTH_SECRET must be at least 32 characters",
    "DATA_ENCRYPTION_KEY is required in live mode",
    "SMTP_URL is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)",
    "MAIL_FROM is required in live mode (or set MAIL_DISABLED=1 to send no email on purpose)",
  ]) {
    expect(output).toContain(problem);
  }
});

test("in live mode the sandbox answers 404 everywhere and health says live", async ({}, testInfo) => {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // Its own name: a live portal answers to APP_URL's host alone (421 to any other, e2e/security-rebinding.spec.ts).
  const server = startServer(port, { ...LIVE, APP_URL: origin, DATA_DIR: testInfo.outputPath("data") });
  try {
    await waitForHttp(`${origin}/api/health`);
    expect(await (await fetch(`${origin}/api/health`)).json()).toEqual({ ok: true, mode: "live", db: "pglite" });
    for (const path of [
      "/sandbox/api/open/v1/issuing/products",
      "/sandbox/simulate/webhooks",
      "/sandbox/kyc/some-token",
      "/sandbox/mail",
      "/sandbox/events",
      "/sandbox/events/1",
    ]) {
      expect((await fetch(`${origin}${path}`)).status, path).toBe(404);
    }
    const receive = await fetch(`${origin}/sandbox/events/receive`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(receive.status).toBe(404);
    const token = await fetch(`${origin}/sandbox/api/open/v1/auth/token`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-request-id": "r1" },
      body: JSON.stringify({ api_key: "sandbox_key", api_secret: "sandbox_secret" }),
    });
    expect(token.status).toBe(404);
    expect(server.output()).not.toContain("admin-password");
    // The issuer cannot be reached (issuer.invalid): the portal says so with 503, never 500.
    const products = await fetch(`${origin}/api/products`);
    expect(products.status).toBe(503);
    expect(await products.json()).toMatchObject({ error: { code: "UPSTREAM_UNAVAILABLE" } });
    const start = await fetch(`${origin}/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ productId: "prod_travel_standard_usd" }),
    });
    expect(start.status).toBe(503);
    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("The cards cannot be shown right now");
  } finally {
    await server.stop();
  }
});
