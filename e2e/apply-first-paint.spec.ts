import { fillStandard, startDraft } from "./support/applicant";
import { saveScreenshot } from "./support/a11y";
import { ABOUT_YOU, saveStep } from "./support/seed";
import { expect, test } from "./support/test";

// Issue #14: an application's pages arrive whole. A loading screen in front of them was painted first and React
// then held the real page back for 300 ms, which was the form step's Lighthouse LCP. Without it, the buttons that
// navigate stay busy until the next page is on screen.

test.describe("pages of an application @phone", () => {
  test("arrive whole: the heading is in the first HTML, with no loading screen to swap out", async ({ page }) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    for (const [path, heading] of [
      ["about-you", "About you"],
      ["contact", "Contact details"],
      ["review", "Check your answers before you apply"],
    ]) {
      const html = await (await page.request.get(`/apply/${id}/${path}`)).text();
      expect(html, path).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
      // React's swap of a streamed-in boundary ($RC) and a hidden segment waiting for it.
      expect(html, path).not.toContain("$RC(");
      expect(html, path).not.toMatch(/<div hidden id="S:/);
    }
  });

  test("Continue stays busy until the next page is shown; pressing Enter meanwhile saves nothing twice", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await saveStep(page.request, id, "about-you", ABOUT_YOU);
    await page.goto(`/apply/${id}/about-you`);
    await expect(page.getByRole("button", { name: "Save and continue" })).toBeEnabled(); // hydrated
    // The save and the next page come in one answer (a server action that redirects); it is held until the test
    // has pressed Enter. A hold of fixed length raced the checks below on a loaded machine.
    const saves: string[] = [];
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === `/apply/${id}/about-you`,
      async (route) => {
        if (route.request().method() === "POST" && route.request().headers()["next-action"]) {
          saves.push(route.request().url());
          await released;
        }
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Save and continue" }).click();
    // Sent, the answer not here yet: busy, and the form cannot be sent again.
    const busy = page.getByRole("button", { name: "Saving…" });
    await expect(busy).toBeDisabled();
    await expect(busy).toHaveAttribute("aria-busy", "true");
    await saveScreenshot(page, testInfo, "40-continue-busy-until-next-page");
    await page.getByLabel("First name").press("Enter");
    await expect(busy).toBeDisabled();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact details", { timeout: 10_000 });
    expect(saves).toHaveLength(1);
    await expect(page.getByText(/These answers were changed|could not be saved/)).toHaveCount(0);
  });

  test("Back and Change show that their page is on its way while it is slow to come", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    // Every page of this application is slow to come: its server payload is held until the test has seen the link
    // pending, then released (a fixed hold raced the check on a loaded machine).
    let release = () => {};
    let released = Promise.resolve();
    const hold = () => (released = new Promise<void>((resolve) => (release = resolve)));
    await page.route(
      (url) => url.pathname.startsWith(`/apply/${id}/`),
      async (route) => {
        if (route.request().headers()["rsc"] && !route.request().headers()["next-router-prefetch"]) await released;
        await route.continue();
      },
    );
    await page.goto(`/apply/${id}/contact`);
    await expect(page.getByRole("button", { name: "Save and continue" })).toBeEnabled(); // hydrated
    const back = page.getByRole("link", { name: "Back", exact: true });
    await expect(back.locator("[data-link-pending]")).toHaveCount(0);
    hold();
    await back.click();
    await expect(back.locator("[data-link-pending]")).toBeVisible();
    await saveScreenshot(page, testInfo, "41-back-on-its-way");
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About you", { timeout: 10_000 });

    await page.goto(`/apply/${id}/review`);
    const change = page.getByRole("link", { name: "Change email address" });
    await expect(change).toBeVisible();
    hold();
    await change.click();
    await expect(change.locator("[data-link-pending]")).toBeVisible();
    release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact details", { timeout: 10_000 });
    await expect(page.locator("[data-link-pending]")).toHaveCount(0);
  });
});
