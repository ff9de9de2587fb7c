import { devices } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { clientHeaders, expect, test } from "./support/test";
import { checkPage, fillAboutYou, fillContact, saveAndContinue, startFrom } from "./support/apply";

// Other ways an application ends, and the paths around the main one (a rejection, a failure and the issued
// card's next step: e2e/apply-review-outcomes.spec.ts).

test.describe("application outcomes @phone", () => {
  test("an Enhanced application is stopped by a country restriction before any KYC", async ({ page }, testInfo) => {
    await page.goto("/");
    const premium = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Premium Mastercard" }) });
    // The check runs in the browser: repeat the choice until the page has hydrated and reacts to it.
    const check = page.getByRole("button", { name: "Check that you can apply" });
    await expect(async () => {
      // On a phone the check is folded into one line: open it first.
      if ((await check.isVisible()) && (await check.getAttribute("aria-expanded")) !== "true") await check.click();
      await page.getByLabel("Nationality").selectOption("BR", { timeout: 1_000 });
      await expect(premium.getByText("Not available for you")).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await expect(premium.getByRole("button", { name: "Apply for this card" })).toBeDisabled();
    await checkPage(page, testInfo, "10-eligibility-restricted");

    await page.reload();
    await startFrom(page, "Premium Mastercard");
    await fillAboutYou(page, "BR");
    await page.getByRole("radio", { name: "Female" }).check();
    await saveAndContinue(page);
    const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Nationality");
    await expect(page).toHaveURL(/\/about-you$/);
    await checkPage(page, testInfo, "11-enhanced-restricted");
  });

  test("a Simplified card takes the short path: no document, no identity check", async ({ page }, testInfo) => {
    await startFrom(page, "Everyday Virtual Card");
    await page.getByLabel("First name").fill("Grace");
    await page.getByLabel("Last name").fill("Hopper");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    await fillContact(page, "+1");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByRole("heading", { name: "Identity document" })).toHaveCount(0);
    await page.getByRole("button", { name: "Confirm and apply" }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 20_000 });
    await checkPage(page, testInfo, "13-simplified-issued");
  });

  test("resume on a phone through the personal link: answers kept, the first browser closed", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    await startFrom(page, "Travel Visa Card");
    await fillAboutYou(page);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    const link = await page.getByTestId("resume-link").getAttribute("href");
    expect(link).toContain("/apply/resume/");

    const phone = await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      userAgent: devices["Pixel 7"].userAgent,
      extraHTTPHeaders: clientHeaders(testInfo, "phone"),
    });
    const other = await phone.newPage();
    await other.goto(String(link));
    // Opening the link binds nothing: the person confirms first.
    await expect(other.getByRole("heading", { name: "Continue your application on this device?" })).toBeVisible();
    await expect(other.getByText(/This application was started on/)).toBeVisible();
    await other.screenshot({ path: `e2e-artifacts/screenshots/${testInfo.project.name}/14-resume-confirm.png`, fullPage: true });
    await expectNoAxeViolations(other);
    await other.getByRole("button", { name: "Continue on this device" }).click();
    // It goes on where the person had got to; the answers saved before are there.
    await expect(other).toHaveURL(/\/contact$/);
    await other.getByRole("link", { name: "Back" }).click();
    await expect(other).toHaveURL(/\/about-you$/);
    await expect(other.getByLabel("First name")).toHaveValue("Ada");
    await expect(other.getByLabel("Nationality")).toHaveValue("GB");
    await other.screenshot({ path: `e2e-artifacts/screenshots/${testInfo.project.name}/14-resumed-on-phone.png`, fullPage: true });
    // The phone shows a new link of its own; the old one is spent.
    expect(await other.getByTestId("resume-link").getAttribute("href")).not.toBe(link);

    // The first browser no longer holds the application: it is told where it went (issue #28); with no email saved
    // yet, that it can only go on there.
    const closed = await page.reload();
    expect(closed?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText("This application is now open on your phone");
    await expect(page.getByText("This application has no email address yet, so we cannot send you a link.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send me a new link" })).toHaveCount(0);
    await expect(page.getByRole("banner")).toHaveCount(1);
    await expectNoAxeViolations(page);
    // The spent link says so.
    await page.goto(String(link));
    await expect(page.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
    await phone.close();
  });

  test("switching language keeps what was typed and translates the form", async ({ page }) => {
    await startFrom(page, "Travel Visa Card");
    await page.getByLabel("First name").fill("Ada");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("个人信息");
    await expect(page.getByLabel("名", { exact: true })).toHaveValue("Ada");
  });
});
