import { expect, type Page, type TestInfo } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./a11y";

// The applicant's (or colleague's) inbox: the sandbox's mail catcher at /sandbox/mail, read in a browser as a person
// reads their email. The sender delivers within a few seconds of the event.

/**
 * Opens the newest message to `to` whose subject matches, waiting for it to arrive (`waitMs`: longer for an email
 * queued by a loop, such as the reminders' look once a minute); answers the message page.
 */
export async function openMail(
  page: Page,
  to: string,
  subject: string | RegExp,
  check?: { testInfo: TestInfo; name: string },
  origin = "",
  waitMs = 45_000,
) {
  await page.goto(`${origin}/sandbox/mail?to=${encodeURIComponent(to)}`);
  const link = page.getByRole("link", { name: subject }).first();
  await expect(async () => {
    if (!(await link.isVisible())) await page.reload();
    await expect(link).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: waitMs });
  if (check) await checkMailPage(page, check.testInfo, `${check.name}-inbox`);
  await link.click();
  await expect(page.getByRole("heading", { level: 1, name: subject })).toBeVisible();
  await expect(page.getByTestId("mail-to")).toContainText(to);
  if (check) await checkMailPage(page, check.testInfo, check.name);
  return page;
}

/** The message's links that match (from its "Links in this message" list); the plain text must carry each too. */
export async function linksOfMail(page: Page, pattern: RegExp): Promise<string[]> {
  const hrefs = (await page.getByTestId("mail-link").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))).filter((h) =>
    pattern.test(h),
  );
  const text = (await page.getByTestId("mail-text").textContent()) ?? "";
  for (const href of hrefs) expect(text, "the plain-text part carries the same link").toContain(href);
  return hrefs;
}

export async function checkMailPage(page: Page, testInfo: TestInfo, name: string) {
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `mail-${name}`);
}
