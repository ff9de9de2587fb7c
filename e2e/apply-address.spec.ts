import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { checkPage, saveAndContinue } from "./support/apply";
import { startDraft } from "./support/applicant";

// Issue #13 item 10 (part): an address's fields come in postal order, and an optional address, once started,
// is completed or left whole, with one clear message rather than a "required" per box.

const summary = (page: Page) => page.getByRole("alert").filter({ has: page.getByRole("heading", { level: 2 }) });

test.describe("addresses @phone", () => {
  test("postal order, and a started optional address gets one message, in English and Chinese", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/address`);
    const delivery = page.getByRole("group", { name: "Delivery address" });
    const order = await delivery.locator("input, select").evaluateAll((els) => els.map((el) => el.id));
    expect(order).toEqual([
      "f-delivery_address-line1",
      "f-delivery_address-line2",
      "f-delivery_address-district",
      "f-delivery_address-city",
      "f-delivery_address-state",
      "f-delivery_address-postcode",
      "f-delivery_address-country",
    ]);

    // It says when it is needed; left whole (empty), it is simply not given.
    await expect(delivery.getByText("Only if the card should be sent somewhere other than your home.", { exact: false })).toBeVisible();
    await delivery.getByLabel("City").fill("Paris");
    await saveAndContinue(page);
    await expect(summary(page)).toBeFocused();
    const message = "Only part of this section is filled in. Complete it, or leave all of it empty.";
    await expect(summary(page).getByRole("link")).toHaveCount(1);
    await expect(summary(page).getByRole("link")).toHaveText(`Address line 1: ${message}`);
    await expect(page.getByText("This field is required.")).toHaveCount(0);
    await checkPage(page, testInfo, "70-address-incomplete");

    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.getByRole("group", { name: "邮寄地址" }).getByLabel("城市").fill("Paris");
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(summary(page).getByRole("link")).toHaveCount(1);
    await expect(summary(page)).toContainText("此部分只填写了一部分。请填写完整，或全部留空。");
    await checkPage(page, testInfo, "71-address-incomplete-zh");

    // Emptied again, the address is left out and the step saves.
    await page.getByRole("group", { name: "邮寄地址" }).getByLabel("城市").fill("");
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(page).toHaveURL(/\/identity-document$/);
  });

  test("a home address says when it is needed, in English and Chinese", async ({ page }, testInfo) => {
    const id = await startDraft(page.request, "prod_premium_enhanced_eur");
    await page.goto(`/apply/${id}/address`);
    const home = page.getByRole("group", { name: "Home address" });
    await expect(home).toContainText("Only if you live somewhere other than your billing address. Otherwise leave it all empty.");
    await checkPage(page, testInfo, "72-home-address-copy");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByText("仅当您的居住地址与账单地址不同时填写，否则请全部留空。")).toBeVisible();
  });
});
