import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { expect, test } from "./support/test";

// The applicant's side of issue #15: the footer of every page leads to what is kept and for how long, with
// the figures of the retention settings (the defaults here), and how to ask for export or erasure.

test.describe("the privacy notice @phone", () => {
  test("is one click from the footer, states the retention periods and who to ask", async ({ page }, testInfo) => {
    await page.goto("/");
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy notice: what we keep and for how long" }).click();
    await expect(page).toHaveURL(/\/privacy$/);
    await expect(page.getByRole("heading", { level: 1, name: "How we handle your data" })).toBeVisible();
    await expect(page).toHaveTitle(/Privacy notice/);
    await expect(page.getByText("An application you do not finish is deleted 30 days after your last change.")).toBeVisible();
    await expect(page.getByText(/reduced to dates, amounts and outcomes after 90 days/)).toBeVisible();
    await expect(page.getByText(/your answers are deleted 365 days after its last change/)).toBeVisible();
    // No PRIVACY_CONTACT in the suite's server: the notice says who else to ask rather than showing nothing.
    await expect(page.getByText("Ask the merchant that invited you to apply.")).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "privacy-notice");
  });
});
