import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #27, items 4 and 5: the staff header's one search box finds a person who phoned (their number written
// another way), by the short reference they quote and by their card's last four; and the objects link both ways:
// application -> card -> its transactions as CSV, a webhook event -> its application -> the cardholder's events.

const search = async (page: Page, text: string) => {
  const box = page.getByRole("searchbox", { name: "Search applications, people, cards and events" });
  await box.fill(text);
  await box.press("Enter");
  await page.waitForURL(/\/admin\/search\?q=/);
};

test("find a person by phone, reference and last four; application -> card -> CSV; event -> application and back", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const local = String(randomInt(1000, 9999));
  const { id, cardholderId } = await onboardThroughApi(request, String(baseURL), { ...plantedValues("SRCH"), mobile: `202555${local}` });
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await admin.dispose();
  await signInOnPage(page, agent, `/admin/applications/${id}`);

  // The application links its card; an authorization on it arrives by a real signed webhook.
  const cardLink = page.getByTestId("case-card");
  const cardId = (await cardLink.innerText()).trim();
  await sandboxCall(request, "POST", `/sandbox/simulate/cards/${cardId}/authorizations`, {
    amount: "45.67",
    currency: "USD",
    merchant_name: "Search Bakery",
  });
  await cardLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/cards/${cardId}$`));
  await expect.poll(async () => (await page.reload(), await page.getByText("Search Bakery").count()), { timeout: 30_000 }).toBe(1);
  const masked = (
    await page
      .getByText(/^\d{6}\*{6}\d{4}$/)
      .first()
      .innerText()
  ).trim();
  const lastFour = masked.slice(-4);

  // The card's transactions as CSV, from its own page.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("card-export").click()]);
  const csv = readFileSync(await download.path(), "utf8");
  expect(csv).toContain(cardId);
  expect(csv).toContain("Search Bakery");

  // The person phoned: their number typed as they said it, with the country code and punctuation.
  await search(page, `+1 (202) 555-${local}`);
  await expect(page.getByTestId("search-read-as")).toContainText("read as a phone number");
  const applications = page.getByRole("table", { name: "Applications" });
  const reference = (await applications.getByRole("row").filter({ hasText: id }).getByRole("link").innerText()).trim();
  expect(reference).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}$/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-search-phone");

  // The short reference as a person reads it out: lower case, no hyphen.
  await search(page, reference.toLowerCase().replace("-", ""));
  await expect(page.getByTestId("search-read-as")).toContainText("read as a short reference");
  await expect(page.getByRole("table", { name: "Applications" }).getByRole("link", { name: reference })).toBeVisible();

  // The card's last four digits find the card, which opens its page.
  await search(page, lastFour);
  await expect(page.getByTestId("search-read-as")).toContainText("read as the last four digits of a card");
  await page.getByRole("table", { name: "Cards" }).getByRole("link", { name: cardId }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/cards/${cardId}$`));

  // A webhook event of this cardholder links its application, whose page links back to the cardholder's events.
  await search(page, cardholderId);
  const eventLink = page.getByRole("table", { name: "Webhook events" }).getByRole("link").first();
  const eventId = (await eventLink.innerText()).trim();
  await eventLink.click();
  await expect(page).toHaveURL(new RegExp(`/admin/webhooks/${eventId}$`));
  await page.getByTestId("event-application").click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await page.getByRole("link", { name: "Webhook events of this cardholder" }).click();
  await expect(page.getByRole("link", { name: eventId })).toBeVisible();

  // Nothing found says what was searched and how it was read.
  await search(page, "Qwxzyvbnu");
  await expect(page.getByTestId("search-read-as")).toHaveText("Nothing found for “Qwxzyvbnu” read as a name.");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-search-nothing");
});

test("the search box is on every staff page and reachable by keyboard", async ({ page, playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const viewer = await newStaff(admin, "viewer");
  await admin.dispose();
  await signInOnPage(page, viewer, "/admin/transactions");
  const box = page.getByRole("searchbox", { name: "Search applications, people, cards and events" });
  await expect(box).toBeVisible();
  for (let i = 0; i < 30 && !(await box.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(box).toBeFocused();
  await page.keyboard.type("ada");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/search\?q=ada$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
});
