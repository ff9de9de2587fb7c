import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { makeDrift } from "./support/drift";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// The product catalog and reconciliation pages through the real app and its embedded sandbox: drifts are planted
// at the issuer behind the portal's back, found by a run, fixed, and the fix shows on the application's timeline.

let agent: StaffLogin;
let viewer: StaffLogin;

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
  viewer = await newStaff(admin, "viewer");
  await admin.dispose();
});

test("the catalog shows each card's fields, restrictions, steps and invite link, in English and Chinese", async ({ page }, testInfo) => {
  await signInOnPage(page, agent, "/admin/products");
  await expect(page.getByRole("heading", { name: "Card products" })).toBeVisible();
  const summary = page.locator("summary").filter({ hasText: "prod_travel_standard_usd" });
  await summary.focus();
  await page.keyboard.press("Enter");
  const details = page.locator("details[open]").filter({ hasText: "prod_travel_standard_usd" });
  await expect(details.getByRole("heading", { name: "Required fields" })).toBeVisible();
  await expect(
    details
      .locator("li")
      .filter({ hasText: /^identity/ })
      .getByText("issue_country"),
  ).toBeVisible();
  await expect(details.getByText("KP, IR, SY, CU, RU, BY")).toBeVisible();
  await expect(details.getByRole("heading", { name: "Steps the applicant sees" })).toBeVisible();
  await expect(details.getByText("Identity document", { exact: true })).toBeVisible();
  await expect(details.getByLabel("Invite link for Travel Visa Card")).toHaveValue(/\/\?product=prod_travel_standard_usd$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await details.getByRole("button", { name: "Copy link" }).click();
  await expect(details.getByText("Copied")).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-products-1280");

  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "卡产品" })).toBeVisible();
  // A fresh load: the language switch keeps the open section open, and a click would close it.
  await page.goto("/admin/products");
  await page.locator("summary").filter({ hasText: "prod_travel_standard_usd" }).click();
  await expect(page.getByRole("heading", { name: "申请人看到的步骤" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-products-zh-tablet");
});

test("a run finds drift both ways: a card and a cardholder created behind the portal's back, a cardholder the issuer lost; the fixed card shows on the cards page", async ({
  page,
  request,
}, testInfo) => {
  const { id, cardId, lost, strangerId } = await makeDrift(request, { first: "Mary", last: "Shelley" });
  // The other way: the issuer lost a cardholder the portal holds (it answers 404 for it from now on).
  expect((await sandboxCall(request, "GET", `/sandbox/api/open/v2/issuing/cardholders/${lost.cardholderId}`)).status).toBe(404);

  await signInOnPage(page, agent, "/admin/reconciliation");
  await page.getByRole("button", { name: "Run reconciliation now" }).click();
  await expect(page.getByText("Reconciliation finished.")).toBeVisible({ timeout: 30_000 });
  const findings = page.getByRole("region", { name: "Findings of this run" });
  const unknown = findings.getByRole("row").filter({ hasText: strangerId });
  await expect(unknown).toContainText("Cardholder unknown to the portal");
  await expect(unknown).toContainText("m***@e***.org");
  await expect(unknown).toContainText("Look at it at the issuer");
  const row = findings.getByRole("row").filter({ hasText: cardId });
  await expect(row).toContainText("Card not recorded");
  const missing = findings.getByRole("row").filter({ hasText: lost.cardholderId });
  await expect(missing).toContainText("Cardholder missing at the issuer");
  await expect(missing).toContainText("Ask the issuer what became of it");
  await expect(missing.getByRole("link", { name: lost.id })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^Completed$/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-reconciliation-1280");
  await row.getByRole("button", { name: /^Fix finding/ }).click();
  await expect(row).toContainText(`Fixed by ${agent.email}`);

  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByText("reconciliation: card created at the issuer recorded")).toBeVisible();
  await expect(page.getByText("reconciliation: refreshed from the issuer")).toBeVisible();

  // The recorded card is on the cards page (the application keeps its own card), and its page names the application.
  await page.goto("/admin/cards");
  const recorded = page.getByRole("table", { name: "Cards recorded by reconciliation" }).getByRole("row").filter({ hasText: cardId });
  await expect(recorded).toContainText(id);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-cards-recorded");
  await recorded.getByRole("link", { name: cardId }).click();
  // The list links the application twice (its own card and the recorded one): wait for the card's page first.
  await expect(page).toHaveURL(new RegExp(`/admin/cards/${cardId}$`));
  await expect(page.getByRole("link", { name: id })).toBeVisible();

  await page.goto("/admin/reconciliation");
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "与发卡方对账" })).toBeVisible();
  await expect(page.getByRole("region", { name: "此次运行发现的问题" }).getByRole("row").filter({ hasText: cardId })).toContainText("由");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-reconciliation-zh-tablet");
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(
    page.getByRole("region", { name: "此次运行发现的问题" }).getByRole("row").filter({ hasText: lost.cardholderId }),
  ).toContainText("发卡方缺少的持卡人");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-reconciliation-zh-390");
  await page.goto("/admin/cards");
  await expect(page.getByRole("table", { name: "对账记录的卡片" }).getByRole("row").filter({ hasText: cardId })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-cards-zh-390");
});

test('a run while the issuer is down is marked failed, never "the portal and the issuer agree" @phone', async ({ page }, testInfo) => {
  await signInOnPage(page, agent, "/admin/reconciliation");
  expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
  try {
    await page.getByRole("button", { name: "Run reconciliation now" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The reconciliation could not finish" })).toBeVisible({ timeout: 30_000 });
  } finally {
    expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
  }
  await page.reload();
  await expect(page.getByRole("definition").filter({ hasText: /^Failed$/ })).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was compared" })).toBeVisible();
  await expect(page.getByText("No findings: the run failed before anything was compared.")).toBeVisible();
  await expect(page.getByText("the portal and the issuer agree")).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-reconciliation-failed");
});

test("a viewer reads the reports without run or fix buttons", async ({ page }) => {
  await signInOnPage(page, viewer, "/admin/reconciliation");
  await expect(page.getByRole("heading", { name: "Reconciliation with the issuer" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Run reconciliation now" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Fix/ })).toHaveCount(0);
  const refused = await page.request.post("/api/admin/reconciliation/runs", { data: {} });
  expect(refused.status()).toBe(403);
});
