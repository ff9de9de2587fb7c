import type { Browser, Page } from "@playwright/test";
import { startOidcProvider, type LocalOidc } from "./support/oidc-provider";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN, newStaff, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Staff sign-in through the merchant's OpenID provider: a local provider (oidc-provider) and a second portal
// configured with ADMIN_OIDC_* (example.com the one allowed domain). A verified email of an enabled staff account
// gets in and binds the account to that identity; unverified emails, other domains, a second identity claiming a
// bound email and an ID token without the sign-in's nonce are refused; an admin unlinks a recreated identity.

let oidc: LocalOidc;
let portal: Started;
let origin: string;

const REFUSED = "This account cannot sign in here. Ask an admin of the portal to add your email address to the staff.";

test.beforeAll(async ({}, testInfo) => {
  const port = await freePort();
  origin = `http://localhost:${port}`;
  oidc = await startOidcProvider(`${origin}/api/auth/callback/oidc`);
  portal = startServer(port, {
    DATA_DIR: testInfo.outputPath("data"),
    PORTAL_MODE: "sandbox",
    APP_URL: origin,
    TRUST_PROXY_HOPS: "1",
    ADMIN_OIDC_ISSUER: oidc.issuer,
    ADMIN_OIDC_CLIENT_ID: oidc.clientId,
    ADMIN_OIDC_CLIENT_SECRET: oidc.clientSecret,
    ADMIN_OIDC_ALLOWED_DOMAINS: "example.com",
  });
  await waitForHttp(`${origin}/api/health`, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${portal.output()}`);
  });
});

test.afterAll(async () => {
  await portal?.stop();
  await oidc?.stop();
});

/** Signs in as provider identity `login` in a fresh browser (no provider session left from another attempt). */
async function signInWithOidc(browser: Browser, login: string, headers: Record<string, string>) {
  const context = await browser.newContext({ baseURL: origin, extraHTTPHeaders: headers });
  const page = await context.newPage();
  await page.goto("/admin/sign-in");
  await page.getByRole("button", { name: "Sign in with your company account" }).click();
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill("any password: the provider's development login");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.waitForURL((url) => url.origin === origin && !url.pathname.startsWith("/api/"));
  return page;
}

/** The sign-in was refused with `message` and left no staff session. */
async function expectRefused(page: Page, message: string) {
  await expect(page).toHaveURL(/\/admin\/sign-in\?.*error=/);
  await expect(page.getByText(message)).toBeVisible();
  expect((await (await page.request.get("/api/auth/session")).json()) as object).not.toHaveProperty("staff");
  await page.context().close();
}

async function signedInAs(page: Page, who: string) {
  await expect(page).toHaveURL(`${origin}/admin`);
  await expect(page.getByText(`Signed in as ${who}`)).toBeVisible();
  await page.context().close();
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
  await expect(page.getByRole("region", { name: "Audit entries" }).getByRole("row").nth(1)).toContainText("Method: oidc");
  await page.context().close();

  for (const [who, email] of [
    ["unknown", "nobody@example.com"],
    ["disabled", gone.email],
  ] as const) {
    await expectRefused(await signInWithOidc(browser, email, clientHeaders(testInfo, who)), REFUSED);
  }
  await admin.dispose();
});

test("OIDC: an unverified email, another domain and an ID token without the sign-in's nonce are refused", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow(); // four sign-ins through the provider's pages on a shared machine
  const admin = await staffApi(playwright, origin, DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const target = await newStaff(admin, "admin", "Una Admin");
  oidc.setProfile("mallory", { email: target.email, emailVerified: false });
  await expectRefused(
    await signInWithOidc(browser, "mallory", clientHeaders(testInfo, "mallory")),
    "Your company account's email address is not verified. Verify it with your company's sign-in service, then try again.",
  );

  const outside = `outside.${testInfo.testId.slice(0, 6)}@example.org`;
  expect((await admin.post("/api/admin/staff", { data: { email: outside, name: "Outside", role: "agent" } })).status()).toBe(200);
  await expectRefused(
    await signInWithOidc(browser, outside, clientHeaders(testInfo, "outside")),
    "Only company accounts of the merchant's own email domains may sign in here.",
  );

  oidc.dropNonce(true);
  try {
    const page = await signInWithOidc(browser, target.email, clientHeaders(testInfo, "replay"));
    expect(oidc.lastNonce(), "the portal sends a nonce").toMatch(/^[\w-]{20,}$/);
    await expectRefused(page, "Those details did not work.");
  } finally {
    oidc.dropNonce(false);
  }
  await signedInAs(await signInWithOidc(browser, target.email, clientHeaders(testInfo, "target")), "Una Admin (Admin)");
  await admin.dispose();
});

test("OIDC: the first sign-in binds the account to the identity; a changed email does not move it, a second identity is refused until an admin unlinks", async ({
  browser,
  playwright,
}, testInfo) => {
  test.slow(); // four sign-ins through the provider's pages and the staff page on a shared machine
  const admin = await staffApi(playwright, origin, DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const [ada, bob] = [await newStaff(admin, "agent", "Ada Bound"), await newStaff(admin, "agent", "Bob Other")];
  const sub = `ada-${testInfo.testId.slice(0, 6)}`;
  oidc.setProfile(sub, { email: ada.email, emailVerified: true });
  await signedInAs(await signInWithOidc(browser, sub, clientHeaders(testInfo, "ada")), "Ada Bound (Agent)");

  // At the provider, Ada's identity now carries Bob's address: it still signs in as Ada.
  oidc.setProfile(sub, { email: bob.email, emailVerified: true });
  await signedInAs(await signInWithOidc(browser, sub, clientHeaders(testInfo, "ada")), "Ada Bound (Agent)");

  // A second identity with Ada's (verified) address is refused: Ada's account is bound to the first.
  const recreated = `${sub}-new`;
  oidc.setProfile(recreated, { email: ada.email, emailVerified: true });
  await expectRefused(await signInWithOidc(browser, recreated, clientHeaders(testInfo, "recreated")), REFUSED);

  // Ada's identity was recreated at the provider: an admin unlinks her account, and the new identity binds it.
  // The admin's API session in a browser (the sign-in page here has two "Sign in" buttons).
  const context = await browser.newContext({
    baseURL: origin,
    extraHTTPHeaders: clientHeaders(testInfo, "admin"),
    storageState: await admin.storageState(),
  });
  const page = await context.newPage();
  await page.goto("/admin/staff");
  const row = page.getByRole("row", { name: new RegExp(ada.email) });
  await expect(row).toContainText("Company sign-in linked");
  await expect(row).toContainText("Company sign-in: another company identity");
  await row.getByRole("button", { name: `Unlink company sign-in: ${ada.email}` }).click();
  await row.getByRole("button", { name: "Yes, unlink" }).click();
  await expect(page.getByText(`${ada.email} is no longer linked to a company identity. Their sessions have ended.`)).toBeVisible();
  await signedInAs(await signInWithOidc(browser, recreated, clientHeaders(testInfo, "recreated")), "Ada Bound (Agent)");
  await page.goto("/admin/audit?action=staff.oidc_unlinked");
  await expect(page.getByRole("region", { name: "Audit entries" }).getByRole("row").nth(1)).toContainText(ada.email);
  await page.context().close();
  await admin.dispose();
});
