import { randomUUID } from "node:crypto";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { checkPage } from "./support/apply";
import { expectDescribed } from "./support/openapi";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #29 (part): the merchant's customer reference, sealed in an invitation, kept on the application, found by
// staff search; an altered link starts a plain application. Merchant API keys made on /admin/merchant-keys, then the
// server-to-server routes called over real HTTP with them, and refused without, out of scope, revoked, over the limit.

const TRAVEL = "prod_travel_standard_usd";
let agent: StaffLogin;

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
  await admin.dispose();
});

const search = async (page: Page, text: string) => {
  const box = page.getByRole("searchbox", { name: "Search applications, people, cards and events" });
  await box.fill(text);
  await box.press("Enter");
  await page.waitForURL(/\/admin\/search\?q=/);
};

/** The applicant, in a browser of its own: opens the link, applies for the Travel card, answers the new application's id. */
async function applyFrom(browser: Browser, url: string, warning?: string): Promise<{ id: string; text: string }> {
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(url);
  if (warning) await expect(person.getByText(warning)).toBeVisible();
  const card = person.getByRole("article").filter({ has: person.getByRole("heading", { name: "Travel Visa Card" }) });
  await card.getByRole("button", { name: "Apply for this card" }).click();
  await expect(person).toHaveURL(/\/apply\/app_[^/]+\/about-you$/);
  const id = /\/apply\/(app_[^/]+)\//.exec(person.url())?.[1] ?? "";
  const text = await person.locator("body").innerText();
  await context.close();
  return { id, text };
}

const alter = (token: string) => {
  // One character of the sealed part changed in its top bit: the seal fails, whatever the character was.
  const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  const at = token.length - 10;
  return token.slice(0, at) + (B64[B64.indexOf(token[at] ?? "A") ^ 32] ?? "A") + token.slice(at + 1);
};

test("an invitation with a customer reference: the application keeps it, staff search finds it; an altered link starts a plain application @phone", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const reference = `crm-${randomUUID().slice(0, 8)}`;
  await signInOnPage(page, agent, "/admin/invite");
  await page.getByLabel("Card", { exact: true }).selectOption({ value: TRAVEL });
  await page.getByLabel("Applicant's email address").fill(`ref.${Date.now()}@example.com`);
  await page.getByLabel("Your customer reference").fill(reference);
  await page.getByRole("button", { name: "Create the invitation" }).click();
  const link = page.getByLabel("Invitation link");
  await expect(link).toHaveValue(/\?product=prod_travel_standard_usd&invite=[\w.-]+$/);
  const url = await link.inputValue();
  expect(url).not.toContain(reference);
  await checkPage(page, testInfo, "merchant-invite-created");

  // The applicant never sees the reference; the application carries it.
  const invited = await applyFrom(browser, url);
  expect(invited.text).not.toContain(reference);

  // A bad reference is refused by name and makes no link.
  await page.getByLabel("Your customer reference").fill("two words");
  await page.getByRole("button", { name: "Create the invitation" }).click();
  await expect(page.getByRole("link", { name: /Your customer reference: Use 1 to 128 letters/ })).toBeVisible();
  await expect(page.getByLabel("Invitation link")).toHaveCount(0);
  await checkPage(page, testInfo, "merchant-invite-bad-reference");

  await search(page, reference);
  await expect(page.getByTestId("search-read-as")).toContainText("read as your customer reference");
  const results = page.getByRole("region", { name: "Applications" });
  await expect(results.getByRole("row")).toHaveCount(2); // the header and the one application
  await expect(results.getByRole("row").nth(1)).toContainText(invited.id);
  await expect(results.getByRole("row").nth(1)).toContainText(reference);
  await checkPage(page, testInfo, "merchant-search-reference");
  await results.getByRole("row").nth(1).getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${invited.id}`));
  await expect(page.getByTestId("case-merchant-reference")).toHaveText(reference);
  await checkPage(page, testInfo, "merchant-case-reference");

  // An altered token: the home page says so, and "Apply" starts an application without any reference.
  const token = new URL(url).searchParams.get("invite") ?? "";
  const plain = await applyFrom(
    browser,
    new URL(`/?product=${TRAVEL}&invite=${alter(token)}`, url).toString(),
    "This invitation link is incomplete or was changed",
  );
  // The same at the form post itself: an altered token sent with "Apply" carries nothing in.
  const forged = await request.post("/apply/start", { form: { productId: TRAVEL, locale: "en", invite: alter(token) }, maxRedirects: 0 });
  expect(forged.status()).toBe(303);
  const forgedId = /\/apply\/(app_[^/?]+)/.exec(forged.headers().location ?? "")?.[1];
  expect(forgedId).toBeTruthy();
  // A valid token sent with another card is not that invitation: no reference either.
  const otherCard = await request.post("/apply/start", {
    form: { productId: "prod_virtual_simplified_usd", locale: "en", invite: token },
    maxRedirects: 0,
  });
  expect(otherCard.status()).toBe(303);
  const otherCardId = /\/apply\/(app_[^/?]+)/.exec(otherCard.headers().location ?? "")?.[1];
  expect(otherCardId).toBeTruthy();

  for (const id of [plain.id, forgedId, otherCardId]) {
    await page.goto(`/admin/applications/${id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("case-merchant-reference")).toHaveCount(0);
  }
  await search(page, reference);
  await expect(page.getByRole("region", { name: "Applications" }).getByRole("row")).toHaveCount(2);
});

/** The merchant's server: no browser headers, only the key. */
const callAs = (request: APIRequestContext, key: string | undefined, extra: Record<string, string> = {}) => ({
  get: (path: string) => request.get(path, { headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...extra } }),
  post: (path: string, data: object) =>
    request.post(path, { data, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...extra } }),
});

async function createKeyOnPage(page: Page, name: string, scopes: string, rate: string): Promise<string> {
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("What the key may do").selectOption({ value: scopes });
  await page.getByLabel("Calls a minute").fill(rate);
  await page.getByRole("button", { name: "Create the key" }).click();
  const shown = page.getByTestId("new-merchant-key");
  await expect(shown).toHaveText(/^pk_test_[\w-]{43}$/);
  return (await shown.textContent()) ?? "";
}

test("an admin creates merchant API keys; the server-to-server routes answer with them and refuse without, out of scope, revoked, over the limit @phone", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const tag = randomUUID().slice(0, 6);
  await signInOnPage(page, DEMO_ADMIN, "/admin/merchant-keys");
  await checkPage(page, testInfo, "merchant-keys");
  const key = await createKeyOnPage(page, `CRM ${tag}`, "applications:read invites:write", "20");
  await expect(page.getByText("Copy this key now: it will not be shown again.")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `CRM ${tag}` });
  await expect(row).toContainText(`${key.slice(0, 16)}…`);
  await expect(row).not.toContainText(key.slice(16));
  await expect(row).toContainText("applications:read invites:write");
  await checkPage(page, testInfo, "merchant-keys-created");

  // An invitation made by the merchant's server, with its customer reference.
  const reference = `erp:${tag}/42`;
  const merchant = callAs(request, key);
  const sent = { productId: TRAVEL, email: `api.${tag}@example.com`, merchantReference: reference };
  const made = await merchant.post("/api/merchant/v1/invites", sent);
  expect(made.status(), await made.text()).toBe(200);
  // Every answer of the merchant API, refusals included, is as the OpenAPI document describes it.
  await expectDescribed(request, "POST", made, sent);
  const invite = (await made.json()) as { url: string; expiresAt: string };
  expect(invite.url).toMatch(/\/\?product=prod_travel_standard_usd&invite=[\w.-]+$/);
  const days = (Date.parse(invite.expiresAt) - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);
  const applied = await applyFrom(browser, invite.url);

  const found = await merchant.get(`/api/merchant/v1/applications?merchant_reference=${encodeURIComponent(reference)}`);
  expect(found.status(), await found.text()).toBe(200);
  await expectDescribed(request, "GET", found);
  const body = (await found.json()) as { applications: Array<Record<string, unknown>> };
  expect(body.applications).toEqual([
    expect.objectContaining({
      id: applied.id,
      state: "draft",
      productId: TRAVEL,
      reference: expect.stringMatching(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/),
    }),
  ]);
  expect(JSON.stringify(body)).not.toContain(`api.${tag}`);
  const bad = await merchant.get("/api/merchant/v1/applications?merchant_reference=two%20words");
  expect(bad.status()).toBe(422);
  await expectDescribed(request, "GET", bad);
  expect(await bad.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { merchant_reference: expect.any(String) } } });

  // 401 without a key or with a wrong one, in the portal's error shape.
  for (const anonymous of [callAs(request, undefined), callAs(request, `pk_test_${"A".repeat(43)}`)]) {
    const refused = await anonymous.get(`/api/merchant/v1/applications?merchant_reference=${tag}`);
    expect(refused.status()).toBe(401);
    await expectDescribed(request, "GET", refused);
    expect(refused.headers()["www-authenticate"]).toContain("Bearer");
    expect(await refused.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });
  }
  // A browser's request is refused even with a good key.
  const fromPage = await callAs(request, key, { origin: new URL(page.url()).origin }).get(
    `/api/merchant/v1/applications?merchant_reference=${tag}`,
  );
  expect(fromPage.status()).toBe(403);
  await expectDescribed(request, "GET", fromPage);

  // 403 out of scope; 429 past the key's own limit, with Retry-After.
  const readOnly = callAs(request, await createKeyOnPage(page, `Reader ${tag}`, "applications:read", "1"));
  const outOfScope = await readOnly.post("/api/merchant/v1/invites", { productId: TRAVEL, email: "a@example.com" });
  expect(outOfScope.status()).toBe(403);
  await expectDescribed(request, "POST", outOfScope);
  expect(await outOfScope.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  // One call a minute: of three calls in a row at least two share a minute, so one of them is refused.
  const statuses: number[] = [];
  let limited: Awaited<ReturnType<APIRequestContext["get"]>> | undefined;
  for (let i = 0; i < 3 && !limited; i++) {
    const answer = await readOnly.get(`/api/merchant/v1/applications?merchant_reference=${tag}`);
    statuses.push(answer.status());
    if (answer.status() === 429) limited = answer;
  }
  expect(statuses[0]).toBe(200);
  expect(limited?.status()).toBe(429);
  if (limited) await expectDescribed(request, "GET", limited);
  expect(Number(limited?.headers()["retry-after"])).toBeGreaterThan(0);
  expect(await limited?.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });

  // Revoked on the page: its next call is 401.
  await page.reload();
  const keyRow = page.getByRole("row").filter({ hasText: `CRM ${tag}` });
  await keyRow.getByRole("button", { name: `Revoke the key CRM ${tag}` }).click();
  await checkPage(page, testInfo, "merchant-keys-revoke-confirm");
  await keyRow.getByRole("button", { name: "Revoke the key", exact: true }).click();
  await expect(keyRow).toContainText("Revoked");
  await expect(keyRow.getByRole("button", { name: /Revoke/ })).toHaveCount(0);
  await checkPage(page, testInfo, "merchant-keys-revoked");
  expect((await merchant.get(`/api/merchant/v1/applications?merchant_reference=${tag}`)).status()).toBe(401);
});

test("an agent cannot reach the keys page or its routes, nor see its link @phone", async ({ page }) => {
  await signInOnPage(page, agent, "/admin");
  expect((await page.request.get("/admin/merchant-keys")).status()).toBe(403);
  const created = await page.request.post("/api/admin/merchant-keys", { data: { name: "x", scopes: "applications:read" } });
  expect(created.status()).toBe(403);
  await expect(page.getByRole("link", { name: "API keys" })).toHaveCount(0);
});
