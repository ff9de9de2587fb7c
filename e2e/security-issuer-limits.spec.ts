import type { APIRequestContext } from "@playwright/test";
import { saveScreenshot } from "./support/a11y";
import { fillStandard, startDraft } from "./support/applicant";
import { clientHeaders, expect, test } from "./support/test";

// Each pre-validation, identity-check link and submission is a call to the issuer with the merchant's key
// (issue #24, item 9): limited per client address and per application, 429 RATE_LIMITED with Retry-After.
// The shared server trusts one proxy hop, so each test is its own client (e2e/support/test.ts).

const UNKNOWN = "app_xxxxxxxxxxxxxxxxxxxxxx";

async function expectLimited(answer: { status(): number; headers(): Record<string, string>; json(): Promise<unknown> }, what: string) {
  expect(answer.status(), what).toBe(429);
  expect(Number(answer.headers()["retry-after"]), what).toBeGreaterThan(0);
  expect(await answer.json(), what).toMatchObject({ error: { code: "RATE_LIMITED", message: expect.any(String) } });
}

for (const [path, perClient] of [
  ["validate", 60],
  ["kyc-link", 30],
  ["submit", 30],
] as const) {
  test(`anonymous ${path} calls: ${perClient} per 10 minutes per client address, then 429`, async ({ request }) => {
    for (let i = 0; i < perClient; i++)
      expect((await request.post(`/api/applications/${UNKNOWN}/${path}`, { data: {} })).status()).toBe(404);
    await expectLimited(await request.post(`/api/applications/${UNKNOWN}/${path}`, { data: {} }), `${path} #${perClient + 1}`);
  });
}

async function start(request: APIRequestContext): Promise<string> {
  const started = await request.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
  expect(started.status()).toBe(201);
  return ((await started.json()) as { application: { id: string } }).application.id;
}

test("per application: 20 pre-validations and 10 links or submissions an hour, whatever the client's own count", async ({
  playwright,
  baseURL,
}, testInfo) => {
  const first = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "first") });
  const id = await start(first);
  const other = await start(first);
  for (const [path, perApplication] of [
    ["validate", 20],
    ["kyc-link", 10],
    ["submit", 10],
  ] as const) {
    // A draft without answers: the local check refuses it (200 invalid, or 409/422), before any issuer call.
    for (let i = 0; i < perApplication; i++) {
      const answer = await first.post(`/api/applications/${id}/${path}`, { data: {} });
      expect(answer.status(), `${path} ${i + 1}`).not.toBe(429);
    }
    await expectLimited(await first.post(`/api/applications/${id}/${path}`, { data: {} }), `${path} on the same application`);
    // The same client's other application still answers: the limit above was the application's.
    expect((await first.post(`/api/applications/${other}/${path}`, { data: {} })).status(), `${path} on another application`).not.toBe(429);
  }
  await first.dispose();
});

test("the check-answers page says how long to wait when the application's checks are used up, and keeps the answers", async ({
  browser,
  baseURL,
}, testInfo) => {
  // A client of its own on every run: a rerun on a kept DATA_DIR would otherwise meet its own earlier per-address count.
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, `review-${Date.now()}`) });
  const page = await context.newPage();
  const id = await startDraft(page.request);
  await fillStandard(page.request, id);
  // The browser's own binding: twenty checks of the complete draft (the issuer is asked once, then its verdict reused).
  for (let i = 0; i < 20; i++) expect((await page.request.post(`/api/applications/${id}/validate`, { data: {} })).status()).toBe(200);
  await page.goto(`/apply/${id}/review`);
  await page.getByRole("button", { name: "Confirm and apply" }).click();
  await expect(page.getByText(/^Your answers were checked too many times in a short while\. .* try again in \d+ minutes\.$/)).toBeVisible();
  await expect(page.getByText("Your application could not be sent")).toHaveCount(0);
  await saveScreenshot(page, testInfo, "review-limited");
  await expect(page).toHaveURL(new RegExp(`/apply/${id}/review$`));
  await expect(page.getByRole("button", { name: "Confirm and apply" })).toBeEnabled();
  await context.close();
});
