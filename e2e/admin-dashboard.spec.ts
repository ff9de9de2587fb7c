import type { Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { sandboxCall } from "./support/sandbox-api";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN, signInOnPage } from "./support/staff";
import { expect, test } from "./support/test";

// Issue #12, the dashboard at /admin: figures for a period and a card chosen in the URL, charts with their tables,
// needs-attention links into the filtered work queue, the issuer's balance (and its warning, on a second portal
// whose ADMIN_BALANCE_WARNING is above the sandbox's balance); English and Chinese, both themes, desktop and tablet.

const today = new Date().toISOString().slice(0, 10);

async function startDraft(page: Page, productId: string) {
  const started = await page.request.post("/api/applications", { data: { productId } });
  expect(started.status(), await started.text()).toBe(201);
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  const saved = await page.request.put(`/api/applications/${id}/draft`, {
    data: { step: "about-you", values: { first_name: "Dana", last_name: "Board", birth_date: "1990-04-01", gender: 2, nationality: "US" } },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** The number in the funnel table's row for `stage`. */
const funnelCount = async (page: Page, stage: string) =>
  Number(
    (
      await page
        .getByRole("region", { name: /Funnel: applications/ })
        .getByRole("row", { name: new RegExp(`^${stage}`) })
        .getByRole("cell")
        .nth(1)
        .innerText()
    ).replace(/\D/g, ""),
  );

test("the dashboard: period and card in the URL, funnel with its table, needs attention into the queue, balance", async ({
  page,
}, testInfo) => {
  await startDraft(page, "prod_travel_standard_usd");
  await signInOnPage(page, DEMO_ADMIN, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Operations dashboard" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Issuing balance" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Balance per currency" }).getByRole("row", { name: /^USD/ })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Card openings the balance covers" }).getByRole("row", { name: /Travel Visa Card/ }),
  ).toBeVisible();
  await expect(page.getByText(/below the warning threshold/)).toHaveCount(0);

  // The period and the card are a GET form: the view is its URL.
  await page.getByLabel("Started from").fill(today);
  await page.getByLabel("Started until").fill(today);
  await page.getByLabel("Card", { exact: true }).selectOption({ label: "Travel Visa Card" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin\\?from=${today}&to=${today}&product=prod_travel_standard_usd$`));
  await expect(page.getByTestId("dashboard-cohort")).toContainText("card Travel Visa Card");
  const started = await funnelCount(page, "Started");
  expect(started).toBeGreaterThanOrEqual(1);
  await startDraft(page, "prod_travel_standard_usd");
  await page.reload();
  // Other tests start drafts of this card today too (the shared pass): the figure grows by at least this one.
  await expect.poll(() => funnelCount(page, "Started")).toBeGreaterThan(started);

  // A chart's figures are also a table, one click away; the SVG itself is hidden from screen readers.
  await page.getByText("Show the figures as a table").first().click();
  await expect(page.getByRole("region", { name: /Time per stage/ }).getByRole("row")).toHaveCount(5);
  await expect(page.locator("[data-chart][aria-hidden='true']")).toHaveCount(4);
  await expect(page.locator("[data-chart] svg")).toHaveCount(5 + 4 + 5 + 6);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, testInfo, "admin-dashboard-light-1280");
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, testInfo, "admin-dashboard-dark-1280");
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: "light" });

  // A state links to the queue with the same period and card; each needs-attention line to its filter.
  await page.getByRole("link", { name: "Being filled in" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications\\?state=draft&from=${today}&to=${today}&product=prod_travel_standard_usd$`));
  await page.goto("/admin?from=nonsense&to=2026-13-40");
  await expect(page.getByLabel("Started until")).toHaveValue(today);
  await page.getByRole("link", { name: "Waiting for the identity check for more than 24 hours" }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?attention=1&state=kyc_pending$/);
  await expect(page.getByLabel("Needs attention only")).toBeChecked();
  await page.goBack();
  await page.getByRole("link", { name: "All applications needing attention" }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?attention=1$/);

  // Chinese, tablet width, both themes.
  await page.goto("/admin");
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "运营看板" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "转化漏斗" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "发卡账户余额" })).toBeVisible();
  await expect(page.getByRole("region", { name: "各币种余额" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-dashboard-zh-light-tablet");
  await page.emulateMedia({ colorScheme: "dark" });
  await saveScreenshot(page, testInfo, "admin-dashboard-zh-dark-tablet");
  await page.getByRole("button", { name: "Switch to English" }).click();
});

let portal: Started;
let origin: string;
test.describe("with ADMIN_BALANCE_WARNING above the balance", () => {
  test.beforeAll(async ({}, testInfo) => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    portal = startServer(port, {
      DATA_DIR: testInfo.outputPath("portal-data"),
      APP_URL: origin,
      HOST: "127.0.0.1",
      ADMIN_BALANCE_WARNING: "500000",
    });
    await waitForHttp(`${origin}/api/health`);
  });
  test.afterAll(async () => portal?.stop());

  test("the dashboard warns that the issuing balance is low, and says so plainly when the issuer is down", async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    await signInOnPage(page, DEMO_ADMIN, "/admin");
    await expect(page.getByText("The USD balance is below the warning threshold of 500,000.00.")).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "admin-dashboard-balance-warning");

    // The issuer down (this portal's own sandbox): the balance panel says so plainly, the rest of the page is there.
    expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
    try {
      await page.reload();
      await expect(page.getByText(/The issuer did not answer with the balance just now/)).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("region", { name: /Funnel: applications/ })).toBeVisible();
      await expect(page.getByText(/below the warning threshold/)).toHaveCount(0);
      await expectNoAxeViolations(page);
    } finally {
      expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
    }
    await context.close();
  });
});

test("the morning check at 390 px: since yesterday with its trend in words, the page as wide as the phone @phone", async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInOnPage(page, DEMO_ADMIN, "/admin");
  const since = page.getByRole("region", { name: "Since yesterday" });
  await expect(since).toContainText(/UTC/);
  await expect(since.getByRole("listitem")).toHaveCount(4);
  // Each trend is said in words, the arrow only repeats it.
  // The arrow before it is hidden from screen readers but part of the text ("=Same as the day before").
  await expect(since.getByText(/(vs|Same as) the day before$/)).toHaveCount(3);
  await expect(since.getByRole("link", { name: "Needs a person now" })).toHaveAttribute("href", "/admin/applications?attention=1");
  await expect(page.getByRole("region", { name: "Refusal reasons" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-dashboard-390");

  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("region", { name: "自昨天以来" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-dashboard-zh-390");
  await page.getByRole("button", { name: "Switch to English" }).click();
});
