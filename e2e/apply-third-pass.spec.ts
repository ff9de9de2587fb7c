import type { APIRequestContext, Page } from "@playwright/test";
import { fillStandard, issuerRecord, startDraft, submit } from "./support/applicant";
import { checkPage } from "./support/apply";
import { sandboxCall } from "./support/sandbox-api";
import { ABOUT_YOU, saveStep, useChinese } from "./support/seed";
import { expect, test } from "./support/test";

// Issue 28 items 9, 10 and 11: coming back to an application, the status page's heading and focus, and the polish
// of the form's pages (the QR code, one heading per topic, examples, what the identity check needs).

const PREMIUM = "prod_premium_enhanced_eur";

/** A Standard application sent and waiting for its check: its id and the issuer's cardholder. */
async function waitingForCheck(request: APIRequestContext) {
  const id = await startDraft(request);
  const email = await fillStandard(request, id);
  expect(await submit(request, id)).toBe("kyc_pending");
  return { id, cardholderId: (await issuerRecord(request, email)).id };
}

const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 640;

test.describe("coming back and the third pass's polish @phone", () => {
  test("the QR code shows once there is something to carry on with, and never on a phone", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    const qr = page.getByRole("img", { name: "QR code with your personal link" });
    await page.goto(`/apply/${id}/about-you`);
    await expect(page.getByTestId("resume-link")).toBeVisible();
    await expect(qr).toHaveCount(0);
    await saveStep(page.request, id, "about-you", ABOUT_YOU);
    await page.goto(`/apply/${id}/contact`);
    if (isPhone(page)) await expect(qr).toBeHidden();
    else await expect(qr).toBeVisible();
    await checkPage(page, testInfo, "60-resume-panel-after-a-save");
  });

  test("the document step names its topic once, and the issue date's example is in the past", async ({ page }, testInfo) => {
    const id = await startDraft(page.request, PREMIUM);
    await page.goto(`/apply/${id}/identity-document`);
    await expect(page.getByRole("heading", { level: 1, name: "Identity document" })).toBeVisible();
    // The fieldset keeps its name for screen readers; it is not shown a second time under the heading.
    await expect(page.getByRole("group", { name: "Identity document" })).toBeVisible();
    await expect(page.locator("legend").filter({ hasText: "Identity document" })).toHaveClass(/sr-only/);
    await expect(page.getByRole("group", { name: "Issue date" })).toContainText("for example, 27 3 2019");
    await expect(page.getByRole("group", { name: "Expiry date" })).toContainText("for example, 27 3 2030");
    await checkPage(page, testInfo, "61-identity-document-one-heading");
  });

  test("the verify page says what the check needs", async ({ page }, testInfo) => {
    const { id } = await waitingForCheck(page.request);
    await page.goto(`/apply/${id}/verify`);
    const need = page.getByRole("region", { name: "What you need" });
    await expect(need.getByRole("listitem")).toHaveText([/identity document/, /camera/, /About two minutes/]);
    await checkPage(page, testInfo, "62-verify-what-you-need");
  });

  test("back from the check the page starts at its heading, which names the card once issued; the home page leads back", async ({
    page,
  }, testInfo) => {
    const { id, cardholderId } = await waitingForCheck(page.request);
    await page.goto(`/apply/${id}/status?kyc=approved`);
    await expect(page.getByRole("heading", { level: 1, name: "Your application" })).toBeFocused();
    expect(
      (await sandboxCall(page.request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/kyc`, { kyc_status: "VERIFIED" })).status,
    ).toBe(200);
    await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("heading", { level: 1, name: "Your new card" })).toBeVisible();
    await page.reload();
    await expect(page).toHaveTitle(/^Your new card/);
    await checkPage(page, testInfo, "63-status-issued-heading");

    // The tab closed: the home page still leads to how it ended.
    await page.goto("/");
    const offer = page.getByRole("region", { name: "Your card application" });
    await offer.getByRole("link", { name: "See how it ended" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${id}/status$`));
    await expect(page.getByRole("heading", { level: 1, name: "Your new card" })).toBeVisible();
  });

  test("the error summary is read when it takes focus, not again at every keystroke", async ({ page }) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/about-you`);
    await page.getByRole("button", { name: "Save and continue" }).click();
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary).toHaveAttribute("aria-live", "off");
    await page.getByLabel("First name").pressSequentially("Ada");
    await expect(summary.getByRole("link", { name: /First name/ })).toHaveCount(0);
  });

  test("Back after Confirm and apply shows that the application was sent, not a live review", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    await page.goto(`/apply/${id}/review`);
    await page.getByRole("button", { name: "Confirm and apply" }).click();
    await expect(page).toHaveURL(/\/verify$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByText("Your application was sent")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm and apply" })).toHaveCount(0);
    await checkPage(page, testInfo, "64-review-after-sending");
    await page.getByRole("link", { name: "Follow your application" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${id}/status$`));
  });

  test("two tabs on one step: the later save shows the saved answers for real and offers back what was typed", async ({
    page,
    context,
  }, testInfo) => {
    const id = await startDraft(page.request);
    await saveStep(page.request, id, "about-you", ABOUT_YOU);
    const save = (tab: Page) => tab.getByRole("button", { name: "Save and continue" });
    await page.goto(`/apply/${id}/about-you`);
    await expect(save(page)).toBeEnabled();
    const other = await context.newPage();
    await other.goto(`/apply/${id}/about-you`);
    await expect(save(other)).toBeEnabled();
    await other.getByLabel("First name").fill("Augusta");
    await save(other).click();
    await expect(other).toHaveURL(/\/contact$/);
    await other.close();

    await page.getByLabel("First name").fill("Adeline");
    await save(page).click();
    const notice = page.getByRole("status").filter({ hasText: "These answers were saved somewhere else" });
    await expect(notice).toBeVisible();
    // The boxes show what was saved; what this tab typed is named, not silently kept to overwrite it.
    await expect(page.getByLabel("First name")).toHaveValue("Augusta");
    await expect(notice.locator("dd")).toHaveText(["Adeline"]);
    await checkPage(page, testInfo, "65-two-tabs-saved-elsewhere");
    await notice.getByRole("button", { name: "Use what I typed here instead" }).click();
    await expect(page.getByLabel("First name")).toHaveValue("Adeline");
    await save(page).click();
    await expect(page).toHaveURL(/\/contact$/);
    await page.goto(`/apply/${id}/review`);
    await expect(page.locator("dd").filter({ hasText: /^Adeline Lovelace$/ })).toHaveCount(1);
  });

  test("each card says where its billing address and mobile number may be, and the check comes before any Apply", async ({
    page,
  }, testInfo) => {
    await page.goto("/");
    const card = (name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });
    const billing = card("Premium Mastercard")
      .locator("div")
      .filter({ has: page.getByText("Billing address in", { exact: true }) });
    await expect(billing.locator("dd")).toContainText("United Kingdom");
    await expect(billing.locator("dd")).toContainText("Germany");
    await expect(card("Premium Mastercard").locator("div").filter({ hasText: "Mobile number country codes" }).locator("dd")).toContainText(
      "+44",
    );
    // A card open to every address says nothing of it.
    await expect(card("Travel Visa Card").getByText("Billing address in")).toHaveCount(0);
    // In the page's order (focus, screen readers) the eligibility check comes before the first Apply button.
    const checkFirst = await page.evaluate(() => {
      const check = document.getElementById("eligibility-heading");
      const apply = [...document.querySelectorAll("button")].find((b) => b.textContent?.includes("Apply for this card"));
      return Boolean(check && apply && check.compareDocumentPosition(apply) & Node.DOCUMENT_POSITION_FOLLOWING);
    });
    expect(checkFirst).toBe(true);
    await checkPage(page, testInfo, "66-home-card-limits");
  });

  test("a saved date shows as typed, in Chinese too: 8, not 08", async ({ page, context, baseURL }) => {
    const id = await startDraft(page.request);
    await saveStep(page.request, id, "about-you", { ...ABOUT_YOU, birth_date: "1988-05-08" });
    await useChinese(context, baseURL);
    await page.goto(`/apply/${id}/about-you`);
    const birth = page.getByRole("group", { name: "出生日期" });
    await expect(birth.getByLabel("日", { exact: true })).toHaveValue("8");
    await expect(birth.getByLabel("月", { exact: true })).toHaveValue("5");
    await expect(birth.getByLabel("年", { exact: true })).toHaveValue("1988");
  });
});

test.describe("dates in the browser's region @phone", () => {
  test.use({ locale: "en-GB" });

  test("a UK browser reads dates the UK way: 17 May 1990", async ({ page }) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    await page.goto(`/apply/${id}/review`);
    await expect(page.locator("dd").filter({ hasText: /^17 May 1990$/ })).toHaveCount(1);
    await expect(page.locator("dd").filter({ hasText: /^1 May 2031$/ })).toHaveCount(1);
  });
});
