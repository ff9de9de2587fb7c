import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { startDraft } from "./support/applicant";
import { checkPage } from "./support/apply";
import { ABOUT_YOU, CONTACT, saveStep, useChinese } from "./support/seed";
import { clientHeaders, expect, test } from "./support/test";

// Issue #13: an application opened without its binding, and continuing later (copy the link, the furthest step,
// the home page's offer).

test.describe("opening and continuing an application @phone", () => {
  test("another browser or an old link gets 'Open your personal link to continue' with 404, in one page frame", async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    const id = await startDraft(page.request);
    const other = await browser.newContext({ baseURL, viewport: page.viewportSize(), extraHTTPHeaders: clientHeaders(testInfo, "other") });
    const stranger = await other.newPage();
    for (const path of [`/apply/${id}`, `/apply/${id}/about-you`, `/apply/${id}/review`, `/apply/${id}/status`]) {
      const answer = await stranger.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("Open your personal link to continue");
      await expect(stranger.getByRole("banner")).toHaveCount(1);
      await expect(stranger.getByRole("contentinfo")).toHaveCount(1);
      await expect(stranger.getByRole("main")).toHaveCount(1);
    }
    await expect(stranger.getByText("Page not found")).toHaveCount(0);
    // The title says what the page says first, then where it is (issue #28 item 9), not the step's title alone.
    await stranger.goto(`/apply/${id}/about-you`);
    await expect(stranger).toHaveTitle("Open your personal link – About you · Card portal");
    await checkPage(stranger, testInfo, "50-not-bound");

    await useChinese(other, baseURL);
    expect((await stranger.goto(`/apply/${id}/contact`))?.status()).toBe(404);
    await expect(stranger.getByRole("heading", { level: 1 })).toHaveText("请打开您的个人链接以继续");
    await expect(stranger).toHaveTitle("请打开您的个人链接 – 联系方式 · 卡片门户");
    await expect(stranger.getByRole("banner")).toHaveCount(1);
    await expectNoAxeViolations(stranger);
    await saveScreenshot(stranger, testInfo, "50-not-bound-zh");
    await other.close();
  });

  test("continue later: the home page offers the application, on its furthest step, with a link to copy, then where it went", async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const id = await startDraft(page.request);
    await saveStep(page.request, id, "about-you", ABOUT_YOU);
    await saveStep(page.request, id, "contact", CONTACT);
    await saveStep(page.request, id, "about-you", ABOUT_YOU); // went back to change an answer: still reached contact

    await page.goto("/");
    const offer = page.getByRole("region", { name: "Continue your application" });
    await expect(offer).toContainText("Travel Visa Card");
    await checkPage(page, testInfo, "51-home-continue");
    await offer.getByRole("link", { name: "Continue your application" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${id}/address$`));

    await page.getByRole("button", { name: "Copy the link" }).click();
    await expect(page.getByText("Link copied.")).toBeVisible();
    const link = await page.getByTestId("resume-link").getAttribute("href");
    expect(link).toContain("/apply/resume/");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("button", { name: "复制链接" })).toBeVisible();
    await page.goto("/");
    await expect(page.getByRole("region", { name: "继续您的申请" })).toContainText("开始于");
    await expectNoAxeViolations(page);

    // On another device the link opens the same furthest step; this browser then holds nothing to offer.
    const phone = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "phone") });
    const other = await phone.newPage();
    await other.goto(String(link));
    await other.getByRole("button", { name: "Continue on this device" }).click();
    await expect(other).toHaveURL(new RegExp(`/apply/${id}/address$`));
    await phone.close();
    // The home page then says where it went and leads to the way back (issue #28).
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const moved = page.getByRole("region", { name: "继续您的申请" });
    await expect(moved).toContainText(/现已在您的(电脑|手机)上打开/);
    await expect(moved.getByRole("link", { name: "在此设备上取回" })).toBeVisible();
  });
});
