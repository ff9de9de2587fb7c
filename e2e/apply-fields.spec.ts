import type { Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage, fillDate, saveAndContinue } from "./support/apply";
import { STANDARD, startDraft } from "./support/applicant";
import { documentPng } from "./support/images";
import { sandboxCall } from "./support/sandbox-api";

// Issue 13, items 3, 4 and 6 and the phone polish: every error path in both languages shows words, never a
// message key; dates are three boxes with specific messages; questions appear only when they apply.
// Each test starts its application through the API (the page shares the binding cookie) to stay quick.

const PREMIUM = "prod_premium_enhanced_eur";
const KEY_SHAPED = /\b[a-z]+(\.[a-zA-Z_]+){2,}\b/;
const ZH = { day: "日", month: "月", year: "年" };

async function openStep(page: Page, testInfo: TestInfo, productId: string, step: string, locale: "en" | "zh-CN" = "en") {
  const baseURL = testInfo.project.use.baseURL ?? "";
  await page.context().addCookies([{ name: "locale", value: locale, url: baseURL }]);
  const id = await startDraft(page.request, productId);
  await page.goto(`/apply/${id}/${step}`);
  await expect(page.getByRole("button", { name: locale === "en" ? "Save and continue" : /保存/ })).toBeEnabled();
  return id;
}

async function saveStep(page: Page, id: string, step: string, values: Record<string, unknown>) {
  const saved = await page.request.put(`/api/applications/${id}/draft`, { data: { step, values } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function draftOf(page: Page, id: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(`/api/applications/${id}`);
  return ((await answer.json()) as { application: { draft: Record<string, unknown> } }).application.draft;
}

/** No text on the page, nor its title, reads like "apply.form.fileFailed". */
async function expectNoKeys(page: Page) {
  const text = await page.locator("body").innerText();
  expect(text.match(KEY_SHAPED)?.[0] ?? null).toBeNull();
  expect(await page.title()).not.toMatch(KEY_SHAPED);
}

const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 2 }) });

test.describe("questions, dates and messages @phone", () => {
  // The validation code is fetched after the page (components/apply/use-lazy-resolver.ts): it still runs in the
  // browser, so wrong answers are named without a save being sent.
  test("a step is checked in the browser before anything is sent", async ({ page }, testInfo) => {
    await openStep(page, testInfo, STANDARD, "about-you");
    const saves: string[] = [];
    page.on("request", (r) => {
      // A save is the step's server action (a POST with Next's action header), or the JSON API's PUT.
      if ((r.method() === "POST" && r.headers()["next-action"]) || (r.method() === "PUT" && r.url().endsWith("/draft")))
        saves.push(r.url());
    });
    await page.getByLabel("First name").fill("Ada");
    await saveAndContinue(page);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole("link", { name: "Enter your last name." })).toBeVisible();
    // The message names its field, in the summary and under the box alike (GOV.UK).
    await expect(page.getByRole("textbox", { name: "Last name" })).toHaveAccessibleDescription(/Enter your last name\./);
    expect(saves).toEqual([]);
  });

  test("impossible dates get specific messages, and the link goes to the box at fault, in English and Chinese", async ({
    page,
  }, testInfo) => {
    const id = await openStep(page, testInfo, STANDARD, "about-you");
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await page.getByLabel("Nationality").selectOption("GB");
    const birth = page.getByRole("group", { name: "Date of birth" });
    await expect(birth.getByLabel("Day")).toHaveAttribute("inputmode", "numeric");

    await fillDate(page, "Date of birth", "1990-02-31");
    await saveAndContinue(page);
    await expect(summary(page)).toBeFocused();
    await expect(page).toHaveTitle(/^Error: /);
    const link = summary(page).getByRole("link", { name: "Your date of birth must be a real date." });
    await checkPage(page, testInfo, "fields-01-date-not-real");
    await link.click();
    await expect(birth.getByLabel("Day")).toBeFocused();

    await birth.getByLabel("Month").fill("");
    await saveAndContinue(page);
    await summary(page).getByRole("link", { name: "Your date of birth must include a month." }).click();
    await expect(birth.getByLabel("Month")).toBeFocused();

    for (const [date, message] of [
      ["2099-01-01", "Your date of birth must be in the past."],
      [`${new Date().getUTCFullYear() - 10}-01-01`, "You must be 18 or over to apply."],
    ] as const) {
      await fillDate(page, "Date of birth", date);
      await saveAndContinue(page);
      await expect(birth.getByText(message)).toBeVisible();
    }
    await fillDate(page, "Date of birth", "1990-5-7");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page).not.toHaveTitle(/Error/);
    // Stored as YYYY-MM-DD (the API shows a birth date's year only).
    expect(await draftOf(page, id)).toMatchObject({ birth_date: "1990-**-**" });

    // The identity document's dates, in Chinese: year, month, day.
    await saveStep(page, id, "contact", { email: "ada@example.com", area_code: "+44", mobile_number: "7700900123" });
    await page.context().addCookies([{ name: "locale", value: "zh-CN", url: testInfo.project.use.baseURL ?? "" }]);
    await page.goto(`/apply/${id}/identity-document`);
    const expiry = page.getByRole("group", { name: "有效期至" });
    await expect(expiry.getByRole("textbox").first()).toHaveAccessibleName("年");
    await page.getByLabel("证件类型").selectOption("PASSPORT");
    await fillDate(page, "有效期至", "2020-01-01", ZH);
    await fillDate(page, "签发日期", "2019-01-", ZH);
    await page.getByRole("button", { name: /保存/ }).click();
    await expect(page).toHaveTitle(/^错误：/);
    await expect(expiry.getByText("该证件已过期，请使用仍在有效期内的证件。")).toBeVisible();
    await summary(page).getByRole("link", { name: "签发日期须包含日。" }).click();
    await expect(page.getByRole("group", { name: "签发日期" }).getByLabel("日", { exact: true })).toBeFocused();
    await expectNoKeys(page);
    await checkPage(page, testInfo, "fields-02-dates-zh");
  });

  test("SSN only for US nationals and a back side only for cards, revealed in place and never stored otherwise", async ({
    page,
  }, testInfo) => {
    const id = await openStep(page, testInfo, PREMIUM, "about-you");
    const ssn = page.getByLabel("Social Security number");
    await expect(ssn).toHaveCount(0);
    await page.getByLabel("Nationality").selectOption("US");
    await expect(ssn).toBeVisible();
    await ssn.fill("123-45-6789");
    await checkPage(page, testInfo, "fields-03-ssn-shown");
    await page.getByLabel("Nationality").selectOption("GB");
    await expect(ssn).toHaveCount(0);
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Last name").fill("Lovelace");
    await fillDate(page, "Date of birth", "1990-05-17");
    await page.getByLabel("Female").check();
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    expect(await draftOf(page, id)).not.toHaveProperty("ssn");
    // The server drops it too, whoever sends it.
    await saveStep(page, id, "about-you", {
      first_name: "Ada",
      last_name: "L",
      birth_date: "1990-05-17",
      gender: 2,
      nationality: "GB",
      ssn: "1",
    });
    expect(await draftOf(page, id)).not.toHaveProperty("ssn");

    await page.goto(`/apply/${id}/identity-document`);
    const back = page.getByText("Back of the document");
    await expect(back).toHaveCount(0);
    await page.getByLabel("Document type").selectOption("PASSPORT");
    await expect(page.getByText("the page with your photo")).toBeVisible();
    await expect(back).toHaveCount(0);
    await page.getByLabel("Document type").selectOption("ID_CARD");
    await expect(back).toBeVisible();
    await expect(page.getByText("the side with your photo")).toBeVisible();
    await expect(page.getByText("the other side of the card")).toBeVisible();
    await checkPage(page, testInfo, "fields-04-back-side");
  });

  test("no message key reaches the screen on any error path, in both languages", async ({ page, request }, testInfo) => {
    for (const locale of ["en", "zh-CN"] as const) {
      const id = await openStep(page, testInfo, STANDARD, "about-you", locale);
      const save = page.getByRole("button", { name: locale === "en" ? "Save and continue" : /保存/ });
      // Empty required fields.
      await save.click();
      await expect(summary(page)).toBeFocused();
      await expectNoKeys(page);
      // Bad values, with the limit named.
      await page.getByLabel(locale === "en" ? "First name" : "名", { exact: true }).fill("A".repeat(51));
      await save.click();
      await expect(
        page.getByText(locale === "en" ? "Your first name must be 50 characters or fewer." : "您的名字最多可填写 50 个字符。").first(),
      ).toBeVisible();
      await expectNoKeys(page);
      // A server 422 for answers the browser would not send: the server's keys are shown as words.
      // The save is a server action whose body is its one argument as JSON (Next's encoding of plain data).
      await page.route(`**/apply/${id}/about-you`, (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const [input] = JSON.parse(route.request().postData() ?? "[]") as [Record<string, unknown>];
        return route.continue({ postData: JSON.stringify([{ ...input, values: { first_name: "1", birth_date: "1990-02-31" } }]) });
      });
      await page.getByLabel(locale === "en" ? "First name" : "名", { exact: true }).fill("Ada");
      await page.getByLabel(locale === "en" ? "Last name" : "姓", { exact: true }).fill("Lovelace");
      await fillDate(page, locale === "en" ? "Date of birth" : "出生日期", "1990-05-17", locale === "en" ? undefined : ZH);
      await page.getByLabel(locale === "en" ? "Nationality" : "国籍").selectOption("GB");
      await save.click();
      await expect(summary(page).getByRole("link")).toHaveCount(4);
      await expectNoKeys(page);
      await page.unroute(`**/apply/${id}/about-you`);

      // A failing upload while the issuer is down (sandbox faults).
      await saveStep(page, id, "about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" });
      await page.goto(`/apply/${id}/identity-document`);
      await page.getByLabel(locale === "en" ? "Document type" : "证件类型").selectOption("PASSPORT");
      expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
      try {
        await page
          .locator('input[type="file"]:not([capture])')
          .first()
          .setInputFiles({ name: "p.png", mimeType: "image/png", buffer: documentPng() });
        await page.getByRole("button", { name: locale === "en" ? "Use this photo" : "使用这张照片" }).click();
        const failed = locale === "en" ? "The document could not be sent to the card issuer." : "证件未能发送至发卡机构。";
        await expect(page.getByText(failed).first()).toBeVisible({ timeout: 30_000 });
        await expectNoKeys(page);
      } finally {
        expect((await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
      }
      await page.getByRole("button", { name: locale === "en" ? "Save and continue" : /保存/ }).click();
      await expect(summary(page)).toBeFocused();
      await expectNoKeys(page);
      await checkPage(page, testInfo, `fields-05-upload-failed-${locale}`);
    }
  });

  test("a UK number typed with its leading 0 is stored without it and shown in international form", async ({ page }, testInfo) => {
    const id = await openStep(page, testInfo, "prod_virtual_simplified_usd", "contact");
    await page.getByLabel("Email address").fill("ada@example.com");
    await page.getByLabel("Country calling code").selectOption("+44");
    await page.getByLabel("Mobile number").fill("123");
    await saveAndContinue(page);
    await expect(page.getByText("Enter a mobile number that can be dialled with the chosen country calling code.").first()).toBeVisible();
    await page.getByLabel("Mobile number").fill("07700 900123");
    await saveStep(page, id, "about-you", { first_name: "Ada", last_name: "Lovelace" });
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/review$/);
    expect(await draftOf(page, id)).toMatchObject({ area_code: "+44", mobile_number: "7700900123" });
    await expect(page.getByText("+44 7700 900123")).toBeVisible();
    await checkPage(page, testInfo, "fields-06-phone-review");
  });
});
