import type { Browser } from "@playwright/test";
import { startOidcProvider, type LocalOidc } from "./support/oidc-provider";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN, newStaff, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Staff sign-in through the merchant's OpenID provider: a local provider (oidc-provider) and a second portal
// configured with ADMIN_OIDC_*. An email matching an enabled staff account gets in; others are refused.

let oidc: LocalOidc;
let portal: Started;
let origin: string;

test.beforeAll(async ({}, testInfo) => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  oidc = await startOidcProvider(`${origin}/api/auth/callback/oidc`);
  portal = startServer(port, {
    DATA_DIR: testInfo.outputPath("data"),
    APP_URL: origin,
    TRUST_PROXY_HOPS: "1",
    ADMIN_OIDC_ISSUER: oidc.issuer,
    ADMIN_OIDC_CLIENT_ID: oidc.clientId,
    ADMIN_OIDC_CLIENT_SECRET: oidc.clientSecret,
  });
  await waitForHttp(`${origin}/api/health`, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${portal.output()}`);
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await oidc?.stop();
});

/** Signs in through the provider in a fresh browser (no provider session left from another attempt). */
async function signInWithOidc(browser: Browser, email: string, headers: Record<string, string>) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto("/admin/sign-in");
  await page.getByRole("button", { name: "Sign in with your company account" }).click();
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any password: the provider's development login");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.origin === origin && !url.pathname.startsWith("/api/"));
  return page;
}

test("OIDC: an enabled staff email gets in, an unknown or disabled one is refused", async ({ browser, playwright }, testInfo) => {
  const admin = await staffApi(playwright, origin, DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent", "Olga OIDC");
  const gone = await newStaff(admin, "viewer");
  const all = ((await (await admin.get("/api/admin/staff")).json()) as { staff: Array<{ id: string; email: string }> }).staff;
  const goneId = all.find((s) => s.email === gone.email)?.id ?? "";
  expect((await admin.patch(`/api/admin/staff/${goneId}`, { data: { disabled: true } })).status()).toBe(200);

  const page = await signInWithOidc(browser, agent.email.toUpperCase(), clientHeaders(testInfo, "agent"));
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByText("Signed in as Olga OIDC (Agent)")).toBeVisible();
  await page.goto("/admin/audit?action=staff.signed_in");
  await expect(page.getByRole("region", { name: "Audit entries" }).getByRole("row").nth(1)).toContainText("method=oidc");
  await page.context().close();

  const refusals: Array<[string, string]> = [
    ["unknown", "nobody@example.com"],
    ["disabled", gone.email],
  ];
  for (const [who, email] of refusals) {
    const refused = await signInWithOidc(browser, email, clientHeaders(testInfo, who));
    await expect(refused).toHaveURL(/\/admin\/sign-in\?.*error=AccessDenied/);
    await expect(
      refused.getByText("This account cannot sign in here. Ask an admin of the portal to add your email address to the staff."),
    ).toBeVisible();
    expect((await (await refused.request.get("/api/auth/session")).json()) as object).not.toHaveProperty("staff");
    await refused.context().close();
  }
  await admin.dispose();
});
