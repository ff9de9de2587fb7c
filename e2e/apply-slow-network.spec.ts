import type { Page } from "@playwright/test";
import { fillStandard, startDraft, submit } from "./support/applicant";
import { checkPage, fillAboutYou } from "./support/apply";
import { expect, test } from "./support/test";

// Issue 28 item 7: honest on slow and failing networks. What was typed before the page's script ran is kept; a
// step is saved and the next one shown in one round trip; a failure says whose side failed.

const saveButton = (page: Page) => page.getByRole("button", { name: "Save and continue" });

/** Requests that a person waits for: pages and calls, not scripts, images nor the router's prefetches. */
function watchCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (!["document", "fetch", "xhr"].includes(r.resourceType()) || r.headers()["next-router-prefetch"]) return;
    calls.push(`${r.method()} ${url.pathname}${url.search}`);
  });
  return calls;
}

test.describe("slow and failing networks @phone", () => {
  test("what is typed before the page's script has run is kept and saved", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    // The scripts are held back: the server's page is on screen, not yet hydrated (a slow phone for seconds).
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.startsWith("/_next/static/") && url.pathname.endsWith(".js"),
      async (route) => {
        await released;
        await route.continue();
      },
    );
    // Not even DOMContentLoaded comes while the scripts are held: the page is used as soon as it shows.
    await page.goto(`/apply/${id}/about-you`, { waitUntil: "commit" });
    await page.getByLabel("First name").pressSequentially("Ada");
    await page.getByRole("group", { name: "Date of birth" }).getByLabel("Day", { exact: true }).pressSequentially("8");
    await page.getByLabel("Nationality").selectOption("GB");
    // Save cannot work yet, and says so by being disabled.
    await expect(saveButton(page)).toBeDisabled();
    await checkPage(page, testInfo, "50-typed-before-hydration");
    release();
    await expect(saveButton(page)).toBeEnabled();
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await expect(page.getByRole("group", { name: "Date of birth" }).getByLabel("Day", { exact: true })).toHaveValue("8");
    await expect(page.getByLabel("Nationality")).toHaveValue("GB");
    await page.getByLabel("Last name").fill("Lovelace");
    const date = page.getByRole("group", { name: "Date of birth" });
    await date.getByLabel("Month", { exact: true }).fill("12");
    await date.getByLabel("Year", { exact: true }).fill("1988");
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/contact$/);
    // Saved as typed: the review shows them whole before sending.
    await page.goto(`/apply/${id}/review`);
    await expect(page.locator("dd").filter({ hasText: /^Ada Lovelace$/ })).toHaveCount(1);
    await expect(page.locator("dd").filter({ hasText: /^December 8, 1988$/ })).toHaveCount(1);
  });

  test("a step is saved and the next one shown in one round trip", async ({ page }) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/about-you`);
    await expect(saveButton(page)).toBeEnabled();
    await fillAboutYou(page);
    const calls = watchCalls(page);
    await saveButton(page).click();
    await expect(page.getByLabel("Email address")).toBeVisible();
    await expect(saveButton(page)).toBeEnabled();
    await page.waitForLoadState("networkidle");
    // Before: the save (PUT …/draft), the next page (its RSC) and its revision check (GET …/draft?step=contact).
    expect(calls).toEqual([`POST /apply/${id}/about-you`]);
  });

  test("a save while the connection is down says so, and works once it is back", async ({ page, context }, testInfo) => {
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/about-you`);
    await expect(saveButton(page)).toBeEnabled();
    await fillAboutYou(page);
    await context.setOffline(true);
    try {
      await saveButton(page).click();
      await expect(page.getByText("Your connection dropped before your answers reached us.")).toBeVisible();
      await expect(page.getByText("could not be saved")).toHaveCount(0);
      await checkPage(page, testInfo, "51-save-offline");
    } finally {
      await context.setOffline(false);
    }
    await saveButton(page).click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("the save refuses another application's id and a next page elsewhere, and changes nothing", async ({ page, browser }) => {
    const other = await browser.newContext();
    const theirs = await startDraft(other.request);
    await other.close();
    const id = await startDraft(page.request);
    await page.goto(`/apply/${id}/about-you`);
    await expect(saveButton(page)).toBeEnabled();
    await fillAboutYou(page);
    for (const change of [{ applicationId: theirs }, { next: "https://evil.example/phish" }, { next: `/apply/${theirs}/contact` }]) {
      await page.route(`**/apply/${id}/about-you`, (route) => {
        if (route.request().method() !== "POST") return route.continue();
        const [input] = JSON.parse(route.request().postData() ?? "[]") as [Record<string, unknown>];
        return route.continue({ postData: JSON.stringify([{ ...input, ...change }]) });
      });
      await saveButton(page).click();
      await expect(page.getByText("Your answers could not be saved.")).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(`/apply/${id}/about-you`);
      await page.unroute(`**/apply/${id}/about-you`);
    }
    // Nothing was saved on either application.
    const draft = ((await (await page.request.get(`/api/applications/${id}`)).json()) as { application: { draft: object } }).application
      .draft;
    expect(draft).not.toHaveProperty("first_name");
  });

  test("the status page says when the person's own connection is down, and carries on when it is back", async ({
    page,
    context,
  }, testInfo) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    expect(await submit(page.request, id)).toBe("kyc_pending");
    await page.goto(`/apply/${id}/status`);
    await expect(page.getByText("We are waiting for the result of your identity check.")).toBeVisible();
    await context.setOffline(true);
    try {
      await expect(page.getByText("Your connection is down")).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText("The card issuer is slow to answer")).toHaveCount(0);
      await checkPage(page, testInfo, "52-status-offline");
    } finally {
      await context.setOffline(false);
    }
    await expect(page.getByText("Your connection is down")).toHaveCount(0, { timeout: 15_000 });
  });
});
