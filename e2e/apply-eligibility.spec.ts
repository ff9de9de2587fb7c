import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage, fillDate, saveAndContinue } from "./support/apply";

// Issue #13 item 7: the home page's eligibility answers go into the form; the questions a card can refuse come
// before the document; a refusal names the cards that would accept; "all nationalities" names its exceptions.

const card = (page: Page, name: string) => page.getByRole("article").filter({ has: page.getByRole("heading", { name }) });

/** Answers the home page's check (opened first on a phone), retried until the page has hydrated and reacts. */
async function answerCheck(page: Page, answers: { nationality: string; residence: string; areaCode: string }, check: string) {
  const toggle = page.getByRole("button", { name: check });
  await expect(async () => {
    if ((await toggle.isVisible()) && (await toggle.getAttribute("aria-expanded")) !== "true") await toggle.click();
    await page.locator("#eligibility-nationality").selectOption(answers.nationality, { timeout: 1_000 });
    await page.locator("#eligibility-residence").selectOption(answers.residence, { timeout: 1_000 });
    await page.locator("#eligibility-area-code").selectOption(answers.areaCode, { timeout: 1_000 });
    await expect(page.locator("#eligibility-area-code")).toHaveValue(answers.areaCode, { timeout: 1_000 });
  }).toPass();
}

test.describe("eligibility up front @phone", () => {
  test("the home page's answers fill the form, and the refusable questions come before the document", async ({ page }, testInfo) => {
    await page.goto("/");
    // A card open to "all nationalities" but for sanctioned ones names them.
    await expect(card(page, "Travel Visa Card")).toContainText(/all nationalities except .*North Korea/);
    await answerCheck(page, { nationality: "GB", residence: "GB", areaCode: "+44" }, "Check that you can apply");
    await card(page, "Premium Mastercard").getByRole("button", { name: "Apply for this card" }).click();
    await expect(page).toHaveURL(/\/about-you$/);
    await expect(page.getByLabel("Nationality")).toHaveValue("GB");

    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await fillDate(page, "Date of birth", "1990-05-17");
    await page.getByRole("radio", { name: "Female" }).check();
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Country calling code")).toHaveValue("+44");
    await page.getByLabel("Email address").fill(`ada.${Date.now()}@example.com`);
    await page.getByRole("textbox", { name: "Mobile number" }).fill("7700900123");
    // No "Country of your mobile number" any more: the calling code says it (issue #28 item 6).
    await expect(page.getByLabel("Country of your mobile number")).toHaveCount(0);
    await saveAndContinue(page);
    // The billing address (the country the card's region rule reads) is asked third, before the document.
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("group", { name: "Billing address" }).getByLabel("Country")).toHaveValue("GB");
    await checkPage(page, testInfo, "60-eligibility-carried");
  });

  test("a refused answer names the cards that would accept it, and one click starts one with the answers", async ({ page }, testInfo) => {
    await page.goto("/");
    await answerCheck(page, { nationality: "GB", residence: "GB", areaCode: "+44" }, "Check that you can apply");
    await card(page, "Premium Mastercard").getByRole("button", { name: "Apply for this card" }).click();
    await expect(page).toHaveURL(/\/about-you$/);
    await page.getByLabel("Nationality").selectOption("BR");
    await saveAndContinue(page);
    await expect(page.getByRole("alert").filter({ hasText: "There is a problem" })).toBeFocused();
    const accepting = page.getByRole("region", { name: "Cards that accept these answers" });
    await expect(accepting).toContainText("Travel Visa Card");
    await expect(accepting).not.toContainText("Premium Mastercard");
    await checkPage(page, testInfo, "61-refused-names-cards");

    // In Chinese too.
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("个人信息");
    // The family name (姓) is asked before the given name (名) in Chinese.
    await expect(page.locator("form input[type=text]").first()).toHaveAttribute("id", "f-last_name");
    await page.getByLabel("国籍").selectOption("BR");
    await page.getByRole("button", { name: "保存并继续" }).click();
    const zh = page.getByRole("region", { name: "接受这些回答的卡片" });
    await expect(zh).toContainText("Travel Visa Card");
    await checkPage(page, testInfo, "62-refused-names-cards-zh");
    await page.getByRole("button", { name: "Switch to English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About you");

    // The answers go with the new application: its nationality is the one just typed.
    await page.getByLabel("Nationality").selectOption("BR");
    await saveAndContinue(page);
    await accepting.getByRole("button", { name: "Apply for this card", description: "Travel Visa Card" }).click();
    await expect(page).toHaveURL(/\/about-you$/);
    await expect(page.getByText("Travel Visa Card").first()).toBeVisible();
    await expect(page.getByLabel("Nationality")).toHaveValue("BR");
  });
});
