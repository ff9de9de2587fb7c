import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/a11y";

// The whole Simplified flow with the keyboard only: Tab, typing, Space and Enter; no clicks.

async function tabTo(page: Page, name: RegExp, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      // Focus lost (on <body>) is not a match: the whole page's text would contain any name.
      if (!el || el === document.body) return "";
      const labelled = el?.id ? document.querySelector(`label[for="${el.id}"]`)?.textContent : "";
      return `${el?.getAttribute("aria-label") ?? ""} ${labelled ?? ""} ${el?.textContent ?? ""}`.trim();
    });
    if (name.test(focused)) return;
  }
  throw new Error(`never reached ${name} with Tab`);
}

test("a Simplified application completed keyboard-only", async ({ page }) => {
  await page.goto("/");
  await tabTo(page, /Apply for this card/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/about-you$/);

  await tabTo(page, /First name/);
  await page.keyboard.type("Grace");
  await tabTo(page, /Last name/);
  await page.keyboard.type("Hopper");
  await tabTo(page, /Save and continue/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/contact$/);
  // The new step's heading takes focus, so the next Tab reaches its first field.
  await expect(page.getByRole("heading", { level: 1, name: "Contact details" })).toBeFocused();

  await tabTo(page, /Email address/);
  await page.keyboard.type(`grace.${Date.now()}@example.com`);
  await tabTo(page, /Country calling code/);
  // The options read code first ("+1 United States, Canada…"): typing the code picks it.
  await page.keyboard.type("+1");
  await tabTo(page, /Mobile number/);
  await page.keyboard.type("2025550143");
  await tabTo(page, /Save and continue/);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check your answers before you apply" })).toBeFocused();
  await expectNoAxeViolations(page);

  await tabTo(page, /Confirm and apply/, 80);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
  await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 20_000 });
});
