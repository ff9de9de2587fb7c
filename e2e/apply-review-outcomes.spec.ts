import { expect, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, issuerRecord, SIMPLIFIED, startDraft, stateOf, submit } from "./support/applicant";
import { PNG } from "./support/open-api";
import { sandboxCall } from "./support/sandbox-api";
import { test } from "./support/test";

// Issue 13, items 2 and 5 and the review/status polish: the check-answers page with two addresses, how an
// application that stops says so, the issued card's next step and its short reference, in both languages.
// Each test seeds its application through the API (the browser's own request context holds the binding).

const PREMIUM = "prod_premium_enhanced_eur";
const REFERENCE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;
const billing = { country: "US", state: "MA", city: "Boston", line1: "1 Main St", postcode: "02134" };
const home = { country: "GB", city: "London", line1: "12 Ada Road", line2: "Flat 3", postcode: "SW1A 2AA" };

async function save(request: APIRequestContext, id: string, step: string, values: Record<string, unknown>) {
  const saved = await request.put(`/api/applications/${id}/draft`, { data: { step, values } });
  expect(saved.status(), await saved.text()).toBe(200);
}

/** A Premium draft with every answer but the optional home address. */
async function premiumDraft(request: APIRequestContext): Promise<string> {
  const id = await startDraft(request, PREMIUM);
  const doc = await request.post(`/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  await save(request, id, "about-you", {
    first_name: "Ada",
    last_name: "Lovelace",
    birth_date: "1990-05-17",
    gender: 2,
    nationality: "GB",
  });
  await save(request, id, "contact", { email: `ada.${Date.now()}@example.com`, area_code: "+44", mobile_number: "7700900123" });
  await save(request, id, "identity-document", {
    identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" },
  });
  await save(request, id, "address", { billing_address: billing });
  return id;
}

/** The header's language switch, as a person uses it; the page shows the other language afterwards. */
async function switchLanguage(page: Page, to: "zh-CN" | "en") {
  await page.getByRole("button", { name: to === "zh-CN" ? "切换到中文" : "Switch to English" }).click();
  await expect(page.locator("html")).toHaveAttribute("lang", to);
}

async function look(page: Page, testInfo: TestInfo, name: string) {
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, name);
}

const stages = (page: Page) => page.getByRole("list", { name: /Stages of your application|申请阶段/ }).getByRole("listitem");

test.describe("check answers and how an application ends @phone", () => {
  test("check your answers: each address under its own heading in postal form, one phone row, distinct Change links", async ({
    page,
  }, testInfo) => {
    const id = await premiumDraft(page.request);
    await page.goto(`/apply/${id}/review`);
    const address = page.getByRole("region", { name: "Address" });
    // The optional home address, left empty: one "Not given" row under its own heading.
    await expect(address.getByRole("heading", { name: "Home address" })).toBeVisible();
    await expect(address.locator("dt")).toHaveCount(2);
    await expect(address.locator("dd").filter({ hasText: "Not given" })).toHaveCount(1);

    await save(page.request, id, "address", { billing_address: billing, residential_address: home });
    await page.reload();
    await expect(address.getByRole("heading", { name: "Billing address" })).toBeVisible();
    // Two addresses, two rows (not the same seven labels twice), each in postal form.
    await expect(address.locator("dt")).toHaveCount(2);
    await expect(address.locator("dd").filter({ hasText: "12 Ada Road" })).toContainText(
      /12 Ada Road\s*Flat 3\s*London\s*SW1A 2AA\s*United Kingdom/,
    );
    await expect(address.locator("dd").filter({ hasText: "1 Main St" })).toContainText("Boston, MA");
    await expect(page.getByRole("link", { name: "Change Home address" })).toHaveAttribute(
      "href",
      /\/address\?from=review#f-residential_address-/,
    );
    await expect(page.locator("dd").filter({ hasText: /^\+44 7700 900123$/ })).toHaveCount(1);
    await expect(page.locator("dd").filter({ hasText: /^Ada Lovelace$/ })).toHaveCount(1);
    // Every Change link says what it changes: no two share a name.
    const accessible = await page.getByRole("link", { name: /^Change / }).evaluateAll((links) => links.map((l) => l.textContent?.trim()));
    expect(accessible.length).toBeGreaterThan(8);
    expect(new Set(accessible).size).toBe(accessible.length);
    if (testInfo.project.name === "phone") {
      // The whole page on a phone: the two addresses no longer stretch it to many screens.
      expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(6_000);
    }
    await look(page, testInfo, "20-review-two-addresses");

    await switchLanguage(page, "zh-CN");
    const zhAddress = page.getByRole("region", { name: "地址" });
    await expect(zhAddress.getByRole("heading", { name: "居住地址" })).toBeVisible();
    // Largest to smallest in Chinese, and the family name first.
    await expect(zhAddress.locator("dd").filter({ hasText: "12 Ada Road" })).toContainText(/英国\s*London\s*12 Ada Road/);
    await expect(page.locator("dd").filter({ hasText: /^Lovelace Ada$/ })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "修改 账单地址" })).toBeVisible();
    await look(page, testInfo, "21-review-two-addresses-zh");
  });

  test("before sending, the review shows each value whole and no row for a question that does not apply", async ({ page }, testInfo) => {
    // Issue 28 item 5: a wrong birth date must be seen to be caught; a UK national is never asked for an SSN and a
    // passport has no back side, so neither shows as "Not given".
    const id = await premiumDraft(page.request);
    await page.goto(`/apply/${id}/review`);
    const about = page.getByRole("region", { name: "About you" });
    await expect(about.locator("dd").filter({ hasText: /^May 17, 1990$/ })).toHaveCount(1);
    await expect(page.locator("dd").filter({ hasText: /^P1234567$/ })).toHaveCount(1);
    await expect(page.getByText("**")).toHaveCount(0);
    await expect(page.locator("dt").filter({ hasText: "Social Security number" })).toHaveCount(0);
    await expect(page.locator("dt").filter({ hasText: /Back of/ })).toHaveCount(0);
    await look(page, testInfo, "22-review-whole-values");
    await switchLanguage(page, "zh-CN");
    await expect(page.locator("dd").filter({ hasText: /^1990年5月17日$/ })).toHaveCount(1);
    await expect(page.locator("dt").filter({ hasText: /社会安全号码|证件背面/ })).toHaveCount(0);
    await look(page, testInfo, "23-review-whole-values-zh");
    // The API's answer keeps masking them: the review is the applicant's own page, read before sending.
    const draft = ((await (await page.request.get(`/api/applications/${id}`)).json()) as { application: { draft: unknown } }).application
      .draft;
    expect(draft).toMatchObject({ birth_date: "1990-**-**", identity: { number: "****4567" } });
  });

  test("a rejected identity check: the check shows as stopped, what happened, the reference to quote and a card without a check", async ({
    page,
  }, testInfo) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    await submit(page.request, id);
    await page.goto(`/apply/${id}/verify`);
    await page.getByRole("link", { name: "Continue to the identity check" }).click();
    await page.getByRole("button", { name: "Reject" }).click();

    await expect(page.getByText("We could not verify your identity", { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(stages(page).filter({ hasText: "Identity check" })).toContainText("(stopped here)");
    // Nothing after the stop is "waiting" or "in progress": it will not happen.
    await expect(stages(page).filter({ hasText: /in progress|waiting/ })).toHaveCount(0);
    await expect(stages(page).filter({ hasText: "not reached" })).toHaveCount(3);
    const reference = (await page.getByText(REFERENCE).textContent()) ?? "";
    const ended = page.getByRole("alert").filter({ hasText: "We could not verify your identity" });
    await expect(ended).toContainText("The identity check could not confirm who you are");
    await expect(ended).toContainText(`give them your reference ${reference}`);
    // The merchant's support (SUPPORT_EMAIL), where the person is told to contact it.
    await expect(ended.getByRole("link", { name: "help@merchant.example" })).toHaveAttribute("href", "mailto:help@merchant.example");
    await expect(page.getByText(/in progress/)).toHaveCount(0);
    await look(page, testInfo, "22-status-rejected");

    await switchLanguage(page, "zh-CN");
    await expect(stages(page).filter({ hasText: "身份核验" })).toContainText("在此终止");
    await expect(page.getByRole("main").getByRole("alert")).toContainText(`提供您的申请编号 ${reference}`);
    await look(page, testInfo, "23-status-rejected-zh");
    await switchLanguage(page, "en");

    // The card that needs no identity check: its link leads to the card list with that card first.
    await page.getByRole("link", { name: "Everyday Virtual Card" }).click();
    await expect(page).toHaveURL(new RegExp(`/\\?product=${SIMPLIFIED}$`));
    await expect(page.getByRole("article").first()).toContainText("Everyday Virtual Card");
    // Lists in running text are joined the Chinese way ("美国、英国…和澳大利亚").
    await switchLanguage(page, "zh-CN");
    const premium = page.getByRole("article").filter({ hasText: "Premium Mastercard" });
    await expect(premium).toContainText(/美国、英国、.+和澳大利亚/);
  });

  test("a cardholder the issuer fails: stopped, plainly said, nothing later waiting, a new application offered", async ({
    page,
  }, testInfo) => {
    const id = await startDraft(page.request);
    const email = await fillStandard(page.request, id);
    await submit(page.request, id);
    const failed = await sandboxCall(
      page.request,
      "POST",
      `/sandbox/simulate/cardholders/${(await issuerRecord(page.request, email)).id}/status`,
      {
        status: "FAILED",
      },
    );
    expect(failed.status).toBe(200);
    await expect.poll(() => stateOf(page.request, id), { timeout: 20_000 }).toBe("failed");

    await page.goto(`/apply/${id}/status`);
    await expect(page.getByText("Your application could not be completed")).toBeVisible();
    await expect(page.getByRole("main").getByRole("alert")).toContainText("The card issuer did not approve your application");
    await expect(stages(page).filter({ hasText: "(stopped here)" })).toHaveCount(1);
    await expect(stages(page).filter({ hasText: /in progress|waiting/ })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Start a new application" })).toBeVisible();
    await look(page, testInfo, "24-status-failed");
  });

  test("a card without identity check: the review says none is needed; issued, it names the next step and a short reference", async ({
    page,
  }, testInfo) => {
    const id = await startDraft(page.request, SIMPLIFIED);
    await save(page.request, id, "about-you", { first_name: "明", last_name: "李" });
    await save(page.request, id, "contact", { email: `li.${Date.now()}@example.com`, area_code: "+1", mobile_number: "2025550143" });
    await page.goto(`/apply/${id}/review`);
    await expect(page.getByText("no identity check is needed")).toBeVisible();
    await expect(page.getByText("before your identity check")).toHaveCount(0);
    await switchLanguage(page, "zh-CN");
    await expect(page.getByText("无需身份核验")).toBeVisible();
    await expect(page.locator("dd").filter({ hasText: /^李明$/ })).toHaveCount(1);
    await page.getByRole("button", { name: "确认并申请" }).click();

    await expect(page).toHaveURL(/\/status$/);
    await expect(page.getByText("您的卡片已发行")).toBeVisible({ timeout: 20_000 });
    const reference = page.getByText(REFERENCE);
    await expect(reference).toBeVisible();
    await expect(page.getByRole("link", { name: "前往商户应用" })).toHaveAttribute("href", "https://merchant.example/cards");
    await look(page, testInfo, "25-status-issued-zh");
    await switchLanguage(page, "en");
    await expect(page.getByRole("link", { name: "Go to the merchant's app" })).toHaveAttribute("href", "https://merchant.example/cards");
    await look(page, testInfo, "26-status-issued");
  });
});
