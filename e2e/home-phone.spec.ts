import { expect, test } from "./support/test";
import { expectNoAxeViolations } from "./support/a11y";

for (const [locale, apply, check] of [
  ["en", "Apply for this card", "Check that you can apply"],
  ["zh-CN", "申请此卡", "确认您是否可以申请"],
] as const) {
  test.describe(`the home page on a phone, ${locale}`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale });

    test("the header stays on one line and the first card shows without scrolling", async ({ page }) => {
      await page.goto("/");
      const banner = page.getByRole("banner");
      // 320 is WCAG's reflow width, 360 the narrowest common phone; the header was one row at 390 only by 4 px.
      for (const width of [320, 360, 390]) {
        await page.setViewportSize({ width, height: 844 });
        const boxes = await banner
          .locator("a, button")
          .evaluateAll((els) =>
            els
              .map((el) => el.getBoundingClientRect())
              .flatMap((r) => (r.width > 0 ? [{ top: r.top, bottom: r.bottom, right: r.right }] : [])),
          );
        // One row: every visible link and button overlaps every other vertically (a wrapped one would sit below).
        const row = JSON.stringify({ width, boxes });
        expect(boxes.length, row).toBe(2);
        expect(Math.max(...boxes.map((b) => b.top)), row).toBeLessThan(Math.min(...boxes.map((b) => b.bottom)));
        expect(Math.max(...boxes.map((b) => b.right)), row).toBeLessThanOrEqual(width);
      }
      await expect(page.getByRole("button", { name: apply }).first()).toBeInViewport();
      // The eligibility check is one line until opened, and opens in place.
      const toggle = page.getByRole("button", { name: check });
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expect(async () => {
        await toggle.click();
        await expect(toggle).toHaveAttribute("aria-expanded", "true", { timeout: 1_000 });
      }).toPass();
      await expect(page.locator("#eligibility-nationality")).toBeVisible();
      await expectNoAxeViolations(page);
    });
  });
}
