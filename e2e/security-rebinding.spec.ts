import { randomUUID } from "node:crypto";
import { cookieHeader, cookiesOf, rawRequest, type RawAnswer } from "./support/raw-http";
import { DEMO_ADMIN, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// DNS rebinding (issue #24, item 10): a page on rebind.attacker.example, whose name the attacker then points at
// 127.0.0.1, talks to the loopback portal as a same-origin page of its own: its requests carry its Host and a
// matching Origin. fetch cannot set Host, so these requests go out through node:http.

const ATTACKER = "rebind.attacker.example";

function expectMisdirected(answer: RawAnswer, what: string) {
  expect(answer.status, `${what}: ${answer.text.slice(0, 200)}`).toBe(421);
  expect(answer.headers["content-type"], what).toContain("application/json");
  expect(JSON.parse(answer.text), what).toMatchObject({ error: { code: "MISDIRECTED_REQUEST", message: expect.any(String) } });
}

test("the reproduction: signing in with the demo password and creating an admin through a rebound name fails", async ({
  baseURL,
  playwright,
}, testInfo) => {
  const port = new URL(baseURL!).port;
  const host = `${ATTACKER}:${port}`;
  const origin = `http://${host}`;
  const base = { host, headers: { origin, ...clientHeaders(testInfo) } };
  const jar = new Map<string, string>();

  const csrf = await rawRequest(baseURL!, { ...base, path: "/api/auth/csrf" });
  cookiesOf(csrf, jar);
  const csrfToken = csrf.status === 200 ? (JSON.parse(csrf.text) as { csrfToken: string }).csrfToken : "";
  const signIn = await rawRequest(baseURL!, {
    ...base,
    method: "POST",
    path: "/api/auth/callback/credentials",
    headers: { ...base.headers, "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(jar) },
    body: new URLSearchParams({ csrfToken, email: DEMO_ADMIN.email, password: DEMO_ADMIN.password, json: "true" }).toString(),
  });
  cookiesOf(signIn, jar);
  const email = `rebound.${randomUUID().slice(0, 8)}@example.com`;
  const created = await rawRequest(baseURL!, {
    ...base,
    method: "POST",
    path: "/api/admin/staff",
    headers: { ...base.headers, "content-type": "application/json", cookie: cookieHeader(jar) },
    body: JSON.stringify({ email, name: "Rebound", role: "admin" }),
  });

  expectMisdirected(csrf, "csrf token");
  expectMisdirected(signIn, "credentials sign-in");
  expectMisdirected(created, "staff creation");
  // Through the portal's own name, the staff list holds no such account.
  const admin = await staffApi(playwright, baseURL!, DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  expect(await (await admin.get("/admin/staff")).text()).not.toContain(email);
  await admin.dispose();
});

test("every kind of route refuses a Host that is not APP_URL's: pages, the API, sign-in, the webhook receiver, the sandbox", async ({
  baseURL,
}, testInfo) => {
  const port = Number(new URL(baseURL!).port);
  const routes: Array<[string, string, string?]> = [
    ["GET", "/"],
    ["GET", "/admin/sign-in"],
    ["GET", "/apply/app_xxxxxxxxxxxxxxxxxxxxxx/about-you"],
    ["GET", "/api/products"],
    ["POST", "/api/applications", JSON.stringify({ productId: "prod_travel_standard_usd" })],
    ["GET", "/api/auth/session"],
    ["POST", "/api/webhooks/issuer", "{}"],
    ["POST", "/sandbox/api/open/v1/auth/token", JSON.stringify({ api_key: "sandbox_key", api_secret: "sandbox_secret" })],
    ["GET", "/sandbox/simulate/webhooks"],
    ["GET", "/sandbox/kyc/unknown-token"],
    ["GET", "/sandbox/events"],
    ["POST", "/sandbox/events/receive", "{}"],
  ];
  const hosts = [`${ATTACKER}:${port}`, ATTACKER, `localhost:${port + 1}`, `127.0.0.2:${port}`, `localhost.${ATTACKER}:${port}`];
  for (const host of hosts)
    for (const [method, path, body] of routes) {
      const answer = await rawRequest(baseURL!, {
        method,
        path,
        host,
        body,
        headers: { ...clientHeaders(testInfo), "content-type": "application/json", origin: `http://${host}` },
      });
      expectMisdirected(answer, `${method} ${path} as ${host}`);
    }
  // No Host at all: node:http itself refuses an HTTP/1.1 request without one (400) before the portal sees it.
  const hostless = await rawRequest(baseURL!, { path: "/api/products", host: null, headers: clientHeaders(testInfo) });
  expect([400, 421]).toContain(hostless.status);
});

test("the portal's own name and, in sandbox mode, its loopback aliases on the same port still answer; health checks by address too", async ({
  baseURL,
}, testInfo) => {
  const port = new URL(baseURL!).port;
  for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, `LOCALHOST:${port}`]) {
    const answer = await rawRequest(baseURL!, { path: "/api/products", host, headers: clientHeaders(testInfo) });
    expect(answer.status, host).toBe(200);
  }
  // A load balancer or a container's health check asks by address: the health answer names the mode, nothing more.
  const health = await rawRequest(baseURL!, { path: "/api/health", host: `10.1.2.3:${port}` });
  expect(health.status).toBe(200);
});
