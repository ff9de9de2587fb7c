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
  await expectFitsWidth(page);
}

/**
 * The page is no wider than the screen. Measured against the viewport, not innerWidth: a phone's browser widens its
 * layout viewport to fit a page that is too wide (the application page once made it 444 px on a 390 px phone). The
 * message names what sticks out (outside the tables, which scroll in their own box).
 */
export async function expectFitsWidth(page: Page) {
  const width = page.viewportSize()?.width ?? 0;
  const { scrollWidth, outside } = await page.evaluate((screen) => {
    // scrollWidth too: a word that does not wrap sticks out of its element's box without widening the box.
    const beyond = (el: Element) =>
      el.getBoundingClientRect().left + Math.max(el.getBoundingClientRect().width, el.scrollWidth) > screen + 0.5;
    const outside = Array.from(document.querySelectorAll("body *"))
      .filter((el) => beyond(el) && !Array.from(el.children).some(beyond) && !el.closest('[role="region"][tabindex="0"]'))
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute("class") ?? ""}"> ${(el.textContent ?? "").slice(0, 60)}`);
    return { scrollWidth: document.documentElement.scrollWidth, outside };
  }, width);
  expect(scrollWidth, `wider than the screen: ${outside.join("; ")}`).toBeLessThanOrEqual(width);
}

/** Saves a full-page screenshot under e2e-artifacts/screenshots/<project>/ and attaches it to the report. */
export async function saveScreenshot(page: Page, testInfo: TestInfo, name: string) {
  const file = `e2e-artifacts/screenshots/${testInfo.project.name}/${name}.png`;
  await page.screenshot({ path: file, fullPage: true });
  await testInfo.attach(name, { path: file, contentType: "image/png" });
}
