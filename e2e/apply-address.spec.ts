import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage, saveAndContinue } from "./support/apply";
import { startDraft } from "./support/applicant";

// Issue #13 item 10: an address's fields come in postal order (the country first since issue #28); an optional address, once started, is completed
// or left whole, with one clear message rather than a "required" per box; another address may be "the same as
// billing"; a city box suggests the issuer's cities of the address's country.

const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 2 }) });

test.describe("addresses @phone", () => {
  test("postal order, and a started optional address gets one message, in English and Chinese", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/address`);
    // Issue 28 item 8: the optional address is asked behind one question, "No" first; "Yes" shows its boxes.
    const ask = page.getByRole("group", { name: "Should we send the card somewhere other than your home?" });
    await expect(ask.getByLabel("No")).toBeChecked();
    const delivery = page.getByRole("group", { name: "Delivery address" });
    await expect(delivery).toHaveCount(0);
    await ask.getByLabel("Yes").check();
    const order = await delivery.locator("input, select").evaluateAll((els) => els.map((el) => el.id));
    // The country first (issue #28 item 6): the other boxes, their names and order follow from it; all of them until then.
    expect(order).toEqual([
      "f-delivery_address-country",
      "f-delivery_address-line1",
      "f-delivery_address-line2",
      "f-delivery_address-district",
      "f-delivery_address-city",
      "f-delivery_address-state",
      "f-delivery_address-postcode",
    ]);

    // Started, it is completed or left whole (empty): one message, not a "required" per box.
    await delivery.getByLabel("City").fill("Paris");
    await saveAndContinue(page);
    await expect(summary(page)).toBeFocused();
    const message = "Only part of this section is filled in. Complete it, or leave all of it empty.";
    await expect(summary(page).getByRole("link")).toHaveCount(1);
    await expect(summary(page).getByRole("link")).toHaveText(`Country: ${message}`);
    await expect(page.getByText(/^Enter the /)).toHaveCount(0);
    await checkPage(page, testInfo, "70-address-incomplete");

    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("group", { name: "邮寄地址" }).getByLabel("城市").fill("Paris");
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(summary(page).getByRole("link")).toHaveCount(1);
    await expect(summary(page)).toContainText("此部分只填写了一部分。请填写完整，或全部留空。");
    await checkPage(page, testInfo, "71-address-incomplete-zh");

    // Answered "No" again, the address is left out whatever was typed, and the step saves.
    await page.getByRole("group", { name: "是否需要将卡片寄往您住址以外的地方？" }).getByLabel("否").check();
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(page).toHaveURL(/\/identity-document$/);
    const draft = ((await (await page.request.get(`/api/applications/${id}`)).json()) as { application: { draft: object } }).application
      .draft;
    expect(draft).not.toHaveProperty("delivery_address.city");
  });

  test("a home address says when it is needed, in English and Chinese", async ({ page }, testInfo) => {
    const id = await startDraft(page.request, PREMIUM);
    await page.goto(`/apply/${id}/address`);
    const home = page.getByRole("group", { name: "Home address" });
    await home.getByLabel("Same as billing address").uncheck();
    await expect(home).toContainText("Only if you live somewhere other than your billing address. Otherwise leave it all empty.");
    await checkPage(page, testInfo, "72-home-address-copy");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await page.getByRole("group", { name: "居住地址" }).getByLabel("与账单地址相同").uncheck();
    await expect(page.getByText("仅当您的居住地址与账单地址不同时填写，否则请全部留空。")).toBeVisible();
  });

  test("same as billing address: one tick instead of typing it twice; the review says so and Change leads back to the tick", async ({
    page,
  }, testInfo) => {
    const id = await startDraft(page.request, PREMIUM);
    await page.goto(`/apply/${id}/address`);
    const billing = page.getByRole("group", { name: "Billing address" });
    const home = page.getByRole("group", { name: "Home address" });
    // Ticked at first: most people live where they are billed, and the home address's boxes stay out of the way.
    await expect(home.getByLabel("Same as billing address")).toBeChecked();
    await expect(home.getByLabel("City")).toHaveCount(0);
    // A billing address half given: its own problems are shown, the copy stays ticked (its problems would be the same).
    await billing.getByLabel("Address line 1").fill("12 Ada Road");
    await saveAndContinue(page);
    await expect(summary(page).getByRole("link", { name: "Enter the city of your billing address." })).toBeVisible();
    await expect(summary(page).getByRole("link")).toHaveCount(3);
    await expect(home.getByLabel("Same as billing address")).toBeChecked();
    await billing.getByLabel("City").fill("London");
    await billing.getByLabel("Postcode").fill("SW1A 2AA");
    await billing.getByLabel("Country").selectOption("GB");
    await checkPage(page, testInfo, "73-same-as-billing");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/identity-document$/);
    const draft = await draftOf(page, id);
    expect(draft.residential_address).toMatchObject({ line1: "12 Ada Road", city: "London", postcode: "SW1A 2AA", country: "GB" });

    await page.goto(`/apply/${id}/review`);
    const address = page.getByRole("region", { name: "Address" });
    await expect(address.locator("dd").filter({ hasText: "Same as billing address" })).toHaveCount(1);
    await address.getByRole("link", { name: "Change Home address" }).click();
    await expect(page).toHaveURL(/\/address\?from=review#f-residential_address-same_as_billing$/);
    const tick = page.getByRole("group", { name: "Home address" }).getByLabel("Same as billing address");
    await expect(tick).toBeChecked();
    // Unticked, the copy is there to edit; the person moved.
    await tick.uncheck();
    await expect(home.getByLabel("City")).toHaveValue("London");
    await home.getByLabel("Postcode").fill("EC1A 1BB");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/review$/);
    await expect(address.locator("dd").filter({ hasText: "Same as billing address" })).toHaveCount(0);
    await expect(address.locator("dd").filter({ hasText: "EC1A 1BB" })).toHaveCount(1);

    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await save(page, id, { billing_address: ADDRESS, residential_address: ADDRESS });
    await page.reload();
    await expect(page.getByRole("region", { name: "地址" }).locator("dd").filter({ hasText: "与账单地址相同" })).toHaveCount(1);
    await page.goto(`/apply/${id}/address`);
    await expect(page.getByRole("group", { name: "居住地址" }).getByLabel("与账单地址相同")).toBeChecked();
    await checkPage(page, testInfo, "74-same-as-billing-zh");
  });

  test("the city box suggests the issuer's cities of the address's country, and only where it has some", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/address`);
    const yes = page.getByRole("group", { name: "Should we send the card somewhere other than your home?" }).getByLabel("Yes");
    await yes.check();
    const delivery = page.getByRole("group", { name: "Delivery address" });
    const city = delivery.getByLabel("City");
    const suggestions = () => city.evaluate((el) => [...((el as HTMLInputElement).list?.options ?? [])].map((o) => o.value));
    await expect(city).not.toHaveAttribute("list");
    await delivery.getByLabel("Country").selectOption("US");
    await expect.poll(suggestions).toContain("New York");
    await delivery.getByLabel("Country").selectOption("GB");
    await expect.poll(suggestions).toContain("London");
    expect(await suggestions()).not.toContain("New York");
    await checkPage(page, testInfo, "75-city-suggestions");
    // A country the issuer has no cities for: a plain box.
    await delivery.getByLabel("Country").selectOption("IE");
    await expect(city).not.toHaveAttribute("list");
    // Typing is never limited to the list.
    await city.fill("Cork");
    await expect(city).toHaveValue("Cork");

    // Before the country is chosen, the nationality's cities are suggested.
    const saved = await page.request.put(`/api/applications/${id}/draft`, { data: { step: "about-you", values: NATIONAL } });
    expect(saved.status(), await saved.text()).toBe(200);
    await page.reload();
    await yes.check();
    await expect(delivery.getByLabel("Country")).toHaveValue("");
    await expect.poll(suggestions).toContain("Tokyo");
  });

  test("GET /api/cities: the issuer's list for a country code, a clear 400 for anything else", async ({ request }) => {
    const gb = await request.get("/api/cities?country=gb");
    expect(gb.status()).toBe(200);
    expect(gb.headers()["cache-control"]).toBe("no-store");
    const { cities } = (await gb.json()) as { cities: Array<{ name: string; state?: string }> };
    expect(cities.map((c) => c.name)).toContain("London");
    expect(Object.keys(cities[0] ?? {}).every((k) => k === "name" || k === "state")).toBe(true);
    expect(((await (await request.get("/api/cities?country=IE")).json()) as { cities: unknown[] }).cities).toEqual([]);
    for (const query of ["", "?country=", "?country=XX", "?country=GBR", "?country=%00"]) {
      const bad = await request.get(`/api/cities${query}`);
      expect(bad.status(), query).toBe(400);
      expect(await bad.json()).toMatchObject({
        error: { code: "BAD_REQUEST", message: expect.any(String), fields: { country: expect.any(String) } },
      });
    }
  });
});

const PREMIUM = "prod_premium_enhanced_eur";
const NATIONAL = { first_name: "Aiko", last_name: "Sato", birth_date: "1990-05-17", nationality: "JP" };
const ADDRESS = { line1: "1 Main St", city: "Boston", state: "MA", postcode: "02134", country: "US" };

async function draftOf(page: Page, id: string): Promise<Record<string, unknown>> {
  const answer = await page.request.get(`/api/applications/${id}`);
  return ((await answer.json()) as { application: { draft: Record<string, unknown> } }).application.draft;
}

async function save(page: Page, id: string, values: Record<string, unknown>) {
  const saved = await page.request.put(`/api/applications/${id}/draft`, { data: { step: "address", values } });
  expect(saved.status(), await saved.text()).toBe(200);
}
