import { expect, test } from "./support/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";

test.describe("the portal's shell @phone", () => {
  test("answers the health check in sandbox mode on the embedded database", async ({ request }) => {
    const response = await request.get("/api/health");
    expect(response.status()).toBe(200);
    expect(await response.json()).toEqual({ ok: true, mode: "sandbox", db: "pglite" });
  });

  test("shows the welcome inside header, main and footer landmarks, without axe violations", async ({ page }, testInfo) => {
    await page.goto("/");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Sandbox mode");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get your payment card in a few minutes");
    await expect(page).toHaveTitle("Card portal");
    // The main navigation from sm up; on a phone the brand link, which leads to the same page, stands in for it.
    const nav = page.getByRole("navigation", { name: "Main" });
    if ((page.viewportSize()?.width ?? 0) >= 640) await expect(nav.getByRole("link", { name: "Apply for a card" })).toBeVisible();
    else await expect(nav).toBeHidden();
    await expect(page.getByRole("banner").getByRole("link", { name: "Card portal" })).toHaveAttribute("href", "/");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "home-light");
  });

  test("has no axe violations in the dark theme either", async ({ page }, testInfo) => {
    await page.emulateMedia({ colorScheme: "dark" });
    await page.goto("/");
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "home-dark");
  });

  test("the skip link is the first stop of the keyboard and moves focus to the main content", async ({ page }) => {
    await page.goto("/");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("main")).toBeFocused();
  });

  test("switches to Simplified Chinese and back, keeping the choice across pages", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("几分钟内获得您的支付卡");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await page.goto("/no-such-page");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("页面不存在");
    await page.getByRole("button", { name: "Switch to English" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
  });

  test("follows the browser's language when no choice was made", async ({ browser }) => {
    const context = await browser.newContext({ locale: "zh-CN" });
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await context.close();
  });
});
