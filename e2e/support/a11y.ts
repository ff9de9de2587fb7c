import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Fails with the list of violations (rule, impact, first target) when axe finds any, WCAG 2.2 AA rules, or when the
 * page is wider than the viewport (WCAG 1.4.10 reflow: at 390 px a wide table scrolls in its own box, never the page).
 * Legacy mode runs axe once in the page instead of per frame plus a blank page to merge the results: the portal has
 * no frames, and it took a third less time (apply-flow's nine checks: 20.4 s of evaluation, then 12.2 s).
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"])
    .analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes[0]?.target.join(" ")}`);
  expect(summary).toEqual([]);
  const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, viewport: window.innerWidth }));
  expect(width.page, `${page.url()} is ${width.page} px wide in a ${width.viewport} px viewport`).toBeLessThanOrEqual(width.viewport);
}

/** Saves a full-page screenshot under e2e-artifacts/screenshots/<project>/ and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `e2e-artifacts/screenshots/${testInfo.project.name}/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}
