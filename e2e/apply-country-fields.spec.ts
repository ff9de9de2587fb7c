import type { Locator, Page, TestInfo } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage, fillDate, saveAndContinue } from "./support/apply";
import { issuerRecord, STANDARD, startDraft, submit } from "./support/applicant";
import { PNG } from "./support/open-api";
import { documentPng } from "./support/images";

// Issue #28 item 6: fields that fit the person's country. Postcodes only where the country has them, an address in
// its country's order and words, the calling code from the nationality, numbers and identity card numbers as people
// write them, and a path for a person with one name; the issuer still gets every field it requires.

const PREMIUM = "prod_premium_enhanced_eur";
const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 2 }) });

async function open(page: Page, testInfo: TestInfo, productId: string, step: string, before: Array<[string, object]> = []) {
  await page.context().addCookies([{ name: "locale", value: "en", url: testInfo.project.use.baseURL ?? "" }]);
  const id = await startDraft(page.request, productId);
  for (const [saved, values] of before) await saveStep(page, id, saved, values);
  await page.goto(`/apply/${id}/${step}`);
  await expect(page.getByRole("button", { name: "Save and continue" })).toBeEnabled();
  return id;
}

async function saveStep(page: Page, id: string, step: string, values: object) {
  const saved = await page.request.put(`/api/applications/${id}/draft`, { data: { step, values } });
  expect(saved.status(), await saved.text()).toBe(200);
}

async function draftOf(page: Page, id: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(`/api/applications/${id}`);
  return ((await answer.json()) as { application: { draft: Record<string, unknown> } }).application.draft;
}

const idsIn = (group: Locator) => group.locator("input, select").evaluateAll((els) => els.map((el) => el.id));

/** The text of the chosen option fits its select: nothing of it is cut off at the end. */
async function selectedTextFits(select: Locator): Promise<{ text: string; fits: boolean }> {
  return select.evaluate((el) => {
    const s = el as HTMLSelectElement;
    const text = s.selectedOptions[0]?.text ?? "";
    const style = getComputedStyle(s);
    const context = document.createElement("canvas").getContext("2d");
    if (!context) return { text, fits: false };
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = s.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text, fits: context.measureText(text).width <= room };
  });
}

test.describe("fields that fit the person's country @phone", () => {
  test("a Hong Kong address needs no postcode; a UK one does and has no state or district boxes; in English and Chinese", async ({
    page,
  }, testInfo) => {
    const id = await open(page, testInfo, PREMIUM, "address");
    const billing = page.getByRole("group", { name: "Billing address" });
    // The country comes first: the other boxes, their names and their order follow from it.
    await billing.getByLabel("Country").selectOption("HK");
    expect(await idsIn(billing)).toEqual([
      "f-billing_address-country",
      "f-billing_address-line1",
      "f-billing_address-line2",
      "f-billing_address-city",
      "f-billing_address-state",
    ]);
    await expect(billing.getByLabel("Postcode")).toHaveCount(0);
    await billing.getByLabel("Address line 1").fill("Flat 12, 1 Queen's Road Central");
    await billing.getByLabel("District").fill("Central");
    await billing.getByLabel("Area").fill("Hong Kong Island");
    await checkPage(page, testInfo, "country-01-hong-kong-address");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/identity-document$/);
    const saved = (await draftOf(page, id)).billing_address as Record<string, unknown>;
    expect(saved).toEqual({ country: "HK", line1: "Flat 12, 1 Queen's Road Central", city: "Central", state: "Hong Kong Island" });

    // A UK address: street, town, postcode, and no District or State boxes; its postcode is still required.
    await page.goto(`/apply/${id}/address`);
    await billing.getByLabel("Country").selectOption("GB");
    expect(await idsIn(billing)).toEqual([
      "f-billing_address-country",
      "f-billing_address-line1",
      "f-billing_address-line2",
      "f-billing_address-city",
      "f-billing_address-postcode",
    ]);
    await expect(billing.getByLabel("District")).toHaveCount(0);
    await expect(billing.getByLabel(/State|Province|Area/)).toHaveCount(0);
    await expect(billing.getByLabel("Town or city")).toHaveValue("Central");
    await saveAndContinue(page);
    await expect(summary(page)).toBeFocused();
    await expect(summary(page).getByRole("link")).toHaveText(["Enter the postcode of your billing address."]);
    await checkPage(page, testInfo, "country-02-uk-postcode-required");

    // In Chinese: a Hong Kong address in its own order (area, district, street) and words, still without a postcode.
    await page.getByRole("button", { name: "切换到中文" }).click();
    const zh = page.getByRole("group", { name: "账单地址" });
    await zh.getByLabel("国家/地区").selectOption("HK");
    expect(await idsIn(zh)).toEqual([
      "f-billing_address-country",
      "f-billing_address-state",
      "f-billing_address-city",
      "f-billing_address-line1",
      "f-billing_address-line2",
    ]);
    // What was typed for Hong Kong is still there when its box comes back.
    await expect(zh.getByLabel("区域")).toHaveValue("Hong Kong Island");
    await expect(zh.getByLabel("邮政编码")).toHaveCount(0);
    await checkPage(page, testInfo, "country-03-hong-kong-address-zh");
    await zh.getByLabel("国家/地区").selectOption("GB");
    await expect(zh.getByLabel("邮政编码")).toBeVisible();
    await expect(zh.getByLabel("区/县")).toHaveCount(0);
    await zh.getByLabel("邮政编码").fill("SW1A 2AA");
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(page).toHaveURL(/\/identity-document$/);
    // The Area typed for Hong Kong is not kept for a UK address.
    expect((await draftOf(page, id)).billing_address).toEqual({
      country: "GB",
      line1: "Flat 12, 1 Queen's Road Central",
      city: "Central",
      postcode: "SW1A 2AA",
    });
  });

  test("the calling code follows the nationality and shows its code first, fully visible; any written form of a number is one number", async ({
    page,
  }, testInfo) => {
    const id = await open(page, testInfo, PREMIUM, "contact", [
      ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", gender: "2", nationality: "GB" }],
    ]);
    const code = page.getByLabel("Country calling code");
    await expect(code).toHaveValue("+44");
    expect(await selectedTextFits(code)).toEqual({ text: "+44 United Kingdom, Guernsey…", fits: true });
    await expect(code.locator("option[value='+44']")).toHaveText(/^\+44 United Kingdom/);
    // Premium no longer asks the country of the mobile number: the calling code says it.
    await expect(page.getByLabel("Country of your mobile number")).toHaveCount(0);
    await page.getByLabel("Email address").fill("ada@example.com");
    await page.getByRole("textbox", { name: "Mobile number" }).fill("+44 7700 900123");
    await checkPage(page, testInfo, "country-04-calling-code");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/address$/);
    expect(await draftOf(page, id)).toMatchObject({ area_code: "+44", mobile_number: "7700900123" });
    expect(await draftOf(page, id)).not.toHaveProperty("mobile_country");

    for (const typed of ["07700 900123", "(07700) 900-123"]) {
      await page.goto(`/apply/${id}/contact`);
      await page.getByRole("textbox", { name: "Mobile number" }).fill(typed);
      await saveAndContinue(page);
      await expect(page).toHaveURL(/\/address$/);
      expect(await draftOf(page, id), typed).toMatchObject({ area_code: "+44", mobile_number: "7700900123" });
    }
    // A number written with another country's code than the one chosen is refused, by name.
    await page.goto(`/apply/${id}/contact`);
    await page.getByRole("textbox", { name: "Mobile number" }).fill("+852 9123 4567");
    await saveAndContinue(page);
    await expect(summary(page).getByRole("link")).toHaveText([/^Mobile number: /]);

    // In Chinese too, code first and whole on a phone's width.
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByLabel("国际区号")).toHaveValue("+44");
    expect(await selectedTextFits(page.getByLabel("国际区号"))).toEqual({ text: "+44 英国、根西岛等", fits: true });
    await checkPage(page, testInfo, "country-05-calling-code-zh");
  });

  test("a nationality without a choice yet made suggests its own code (Hong Kong: +852)", async ({ page }, testInfo) => {
    await open(page, testInfo, STANDARD, "contact", [
      ["about-you", { first_name: "Chan", last_name: "Tai Man", birth_date: "1990-05-17", nationality: "HK" }],
    ]);
    await expect(page.getByLabel("Country calling code")).toHaveValue("+852");
    expect(await selectedTextFits(page.getByLabel("Country calling code"))).toEqual({
      text: expect.stringMatching(/^\+852 Hong Kong/),
      fits: true,
    });
    // One name per country in every list, from one CLDR table: Node's ICU alone said "Hong Kong SAR China".
    for (const [lang, name] of [
      ["en", "Hong Kong"],
      ["zh-CN", "香港"],
    ] as const) {
      await page.context().addCookies([{ name: "locale", value: lang, url: testInfo.project.use.baseURL ?? "" }]);
      const aboutYou = page.url().replace(/\/contact$/, "/about-you");
      // The server's page says it too (it is what shows before the page's script runs, and what React checks against).
      expect(await (await page.request.get(aboutYou)).text()).toContain(`>${name}</option>`);
      await page.goto(aboutYou);
      await expect(page.locator("select[name=nationality] option:checked")).toHaveText(name);
      await page.goto(page.url().replace(/\/about-you$/, "/contact"));
      await expect(page.locator("select[name=area_code] option:checked")).toHaveText(`+852 ${name}`);
    }
  });

  test("a Hong Kong identity card number typed as printed is accepted and stored as the issuer's letters and digits", async ({
    page,
  }, testInfo) => {
    const id = await open(page, testInfo, STANDARD, "identity-document");
    await page.getByLabel("Document type").selectOption("HK_HKID");
    await expect(page.getByText("As printed on the document. Spaces, hyphens and brackets may be left in.")).toBeVisible();
    // "A123456(7)", the usual example of the format, does not add up: the check character says so.
    await page.getByLabel("Document number").fill("A123456(7)");
    await page.getByLabel("Issuing country").selectOption("HK");
    await fillDate(page, "Expiry date", "2031-05-01");
    const files = page.locator('input[type="file"]:not([capture])');
    // A picture a browser can open: each is shown for a second look, then used (issue #28 item 1).
    await files.nth(0).setInputFiles({ name: "front.png", mimeType: "image/png", buffer: documentPng() });
    await page.getByRole("button", { name: "Use this photo" }).click();
    await expect(page.getByText("Uploaded")).toHaveCount(1);
    await files.nth(1).setInputFiles({ name: "back.png", mimeType: "image/png", buffer: documentPng() });
    await page.getByRole("button", { name: "Use this photo" }).click();
    await expect(page.getByText("Uploaded")).toHaveCount(2);
    await saveAndContinue(page);
    await expect(summary(page).getByRole("link")).toHaveText([
      "Document number: Check the number: the character in brackets does not match the rest of it.",
    ]);
    await checkPage(page, testInfo, "country-06-hkid-check");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(summary(page)).toContainText("请核对号码：括号内的字符与其余部分不符。");
    await page.getByRole("button", { name: "Switch to English" }).click();

    await page.getByLabel("Document number").fill("a123456 (3)");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/verification$|\/review$/);
    // The API shows a document number masked to its last 4: "4563" is the six digits' end and the check character,
    // unwrapped from its brackets (the whole normalised form, A1234563, is in lib/requirements/identity-number.test.ts).
    expect((await draftOf(page, id)).identity).toMatchObject({ type: "HK_HKID", number: "****4563" });
  });

  test("a person with one name ticks a box that says what happens, in English and Chinese", async ({ page }, testInfo) => {
    const id = await open(page, testInfo, STANDARD, "about-you");
    // Without the box, the last-name box says where to go.
    await expect(page.getByText('If you have only one name, tick "I have only one name" below.')).toBeVisible();
    await page.getByLabel("I have only one name").check();
    await expect(page.getByLabel("First name")).toHaveCount(0);
    const name = page.getByRole("textbox", { name: "Your name" });
    await expect(name).toHaveAccessibleDescription(/The card issuer needs a first and a last name, so your name is given as both\./);
    await name.fill("Sukarno");
    await fillDate(page, "Date of birth", "1961-06-06");
    await page.getByLabel("Nationality").selectOption("ID");
    await checkPage(page, testInfo, "country-07-one-name");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    expect(await draftOf(page, id)).toMatchObject({ first_name: "Sukarno", last_name: "Sukarno" });

    // Back on the page, the box is ticked again; in Chinese it reads the same way.
    await page.goto(`/apply/${id}/about-you`);
    await expect(page.getByLabel("I have only one name")).toBeChecked();
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByLabel("我只有一个名字")).toBeChecked();
    await expect(page.getByRole("textbox", { name: "姓名" })).toHaveValue("Sukarno");
    await expect(page.getByText("发卡机构需要名和姓，因此您的名字会同时作为名和姓提交。")).toBeVisible();
    await checkPage(page, testInfo, "country-08-one-name-zh");
    // The review names the person once, not "Sukarno Sukarno".
    await page.goto(`/apply/${id}/review`);
    await expect(page.locator("dd").filter({ hasText: /Sukarno/ })).toHaveText(["Sukarno"]);
  });

  test("the issuer gets what it requires: the mobile's country from the calling code, a stand-in postcode for Hong Kong", async ({
    request,
  }) => {
    const id = await startDraft(request, PREMIUM);
    for (const side of ["front", "back"]) {
      const doc = await request.post(`/api/applications/${id}/documents`, {
        multipart: { field: `identity.${side}_file_id`, file: { name: `${side}.png`, mimeType: "image/png", buffer: PNG } },
      });
      expect(doc.status(), await doc.text()).toBe(200);
    }
    const email = `chan.${Date.now()}@example.com`;
    const hk = { country: "HK", line1: "1 Queen's Road Central", city: "Central", state: "Hong Kong Island" };
    const steps: Array<[string, object]> = [
      ["about-you", { first_name: "Tai Man", last_name: "Chan", birth_date: "1990-05-17", gender: "1", nationality: "HK" }],
      ["contact", { email, area_code: "+852", mobile_number: "+852 9123 4567" }],
      ["address", { billing_address: hk }],
      ["identity-document", { identity: { type: "HK_HKID", number: "A123456(3)", issue_country: "HK", expiry_date: "2031-05-01" } }],
    ];
    for (const [step, values] of steps) {
      const saved = await request.put(`/api/applications/${id}/draft`, { data: { step, values } });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    await submit(request, id);
    const { text } = await issuerRecord(request, email);
    expect(text).toContain('"mobile_country":"HK"');
    expect(text).toContain('"mobile_number":"91234567"');
    expect(text).toContain('"postcode":"000000"');
    // Typed "A123456(3)": the issuer, which allows letters, digits and hyphens only, took it (masked to its last 4).
    expect(text).toMatch(/"number":"[^"]*4563"/);
  });
});
