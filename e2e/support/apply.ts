import { expect, type Page, type TestInfo } from "@playwright/test";
import { documentPng } from "./images";
import { expectNoAxeViolations, saveScreenshot } from "./a11y";

// Steps of the cardholder flow through the real pages, shared by the apply specs.

export async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  // After a client-side navigation the new page's head streams in a moment later than its body, and the
  // loading state (no h1) may still be showing: wait for the page's own heading before axe looks.
  await expect(page).toHaveTitle(/Card portal|卡片门户/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, name);
}

export async function startFrom(page: Page, productName: string) {
  await page.goto("/");
  const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: productName }) });
  // "Apply" is a plain form post: one click must start the application, hydrated or not. No second
  // click here, so a swallowed one fails the test instead of hiding (CI's one retry shows it as flaky).
  await card.getByRole("button", { name: "Apply for this card" }).click();
  await expect(page).toHaveURL(/\/apply\/app_[^/]+\/about-you$/);
}

export const saveAndContinue = (page: Page) => page.getByRole("button", { name: "Save and continue" }).click();

/** Types a YYYY-MM-DD date into the day, month and year boxes of the date named `legend` (any order, any language). */
export async function fillDate(page: Page, legend: string | RegExp, date: string, labels = { day: "Day", month: "Month", year: "Year" }) {
  const [year = "", month = "", day = ""] = date.split("-");
  const group = page.getByRole("group", { name: legend });
  await group.getByLabel(labels.day, { exact: true }).fill(day);
  await group.getByLabel(labels.month, { exact: true }).fill(month);
  await group.getByLabel(labels.year, { exact: true }).fill(year);
}

export async function fillAboutYou(page: Page, nationality = "GB") {
  await page.getByLabel("First name").fill("Ada");
  await page.getByLabel("Last name").fill("Lovelace");
  await fillDate(page, "Date of birth", "1990-05-17");
  await page.getByLabel("Nationality").selectOption(nationality);
}

export async function fillContact(page: Page, areaCode = "+44", email = `ada.${Date.now()}@example.com`) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Country calling code").selectOption(areaCode);
  await page.getByLabel("Mobile number").fill("7700900123");
}

/** A sharp picture of a document, big enough for the portal's minimum resolution. */
const PASSPORT_PHOTO = documentPng();

export async function fillPassport(page: Page) {
  await page.getByLabel("Document type").selectOption("PASSPORT");
  await page.getByLabel("Document number").fill("P1234567");
  await page.getByLabel("Issuing country").selectOption("GB");
  await fillDate(page, "Expiry date", "2031-05-01");
  await page
    .locator('input[type="file"]:not([capture])')
    .first()
    .setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: PASSPORT_PHOTO });
  // The photo is shown for a second look (issue #28), then sent as a JPEG.
  await page.getByRole("button", { name: "Use this photo" }).click();
  await expect(page.getByText("Uploaded")).toBeVisible();
}

/** From a new Travel Visa Card application to its identity-document step, answers filled on the way. */
export async function reachIdentityStep(page: Page) {
  await startFrom(page, "Travel Visa Card");
  await fillAboutYou(page);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/contact$/);
  await fillContact(page);
  await saveAndContinue(page);
  // The address step (optional delivery address) comes before the document since issue #13 item 7.
  await expect(page).toHaveURL(/\/address$/);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/identity-document$/);
}
