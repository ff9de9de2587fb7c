import { expect, test } from "./support/test";
import { checkPage, fillAboutYou, fillContact, fillPassport, saveAndContinue, startFrom } from "./support/apply";

// The cardholder's flow in the browser, against the production build and the embedded sandbox.

test.describe("applying for a card @phone", () => {
  test("a Standard card with REDIRECT_LINK: from / to card issued, approved on the hosted page", async ({ page }, testInfo) => {
    // The whole flow with an accessibility check on each of its eight pages: on a phone viewport of a loaded
    // machine this runs past the usual 90 s.
    test.slow();
    await page.goto("/");
    await checkPage(page, testInfo, "01-home");
    await startFrom(page, "Travel Visa Card");

    await checkPage(page, testInfo, "02-about-you");
    await saveAndContinue(page);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    await checkPage(page, testInfo, "02b-about-you-errors");
    await fillAboutYou(page);
    await saveAndContinue(page);

    await expect(page).toHaveURL(/\/contact$/);
    await checkPage(page, testInfo, "03-contact");
    await fillContact(page);
    await saveAndContinue(page);

    // The questions a card can refuse on come before the document: the address step is third.
    await expect(page).toHaveURL(/\/address$/);
    await checkPage(page, testInfo, "04-address");
    await saveAndContinue(page);

    await expect(page).toHaveURL(/\/identity-document$/);
    await fillPassport(page);
    await checkPage(page, testInfo, "05-identity-document");
    await saveAndContinue(page);

    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByText("passport.jpg")).toBeVisible(); // sent as a JPEG (issue #28)
    await checkPage(page, testInfo, "06-review");
    await page.getByRole("button", { name: "Confirm and apply" }).click();

    await expect(page).toHaveURL(/\/verify$/);
    await checkPage(page, testInfo, "07-verify");
    await page.getByRole("link", { name: "Continue to the identity check" }).click();
    await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
    await page.getByRole("button", { name: "Approve" }).click();

    await expect(page).toHaveURL(/\/status\?kyc=approved$/);
    await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 20_000 });
    // A short reference to quote, and the next step: the merchant's app (MERCHANT_APP_URL).
    await expect(page.getByText(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/)).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the merchant's app" })).toHaveAttribute("href", "https://merchant.example/cards");
    await checkPage(page, testInfo, "08-status-issued");
  });
});
