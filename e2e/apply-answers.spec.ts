import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, startDraft } from "./support/applicant";
import { checkPage, fillAboutYou, fillContact, saveAndContinue, startFrom } from "./support/apply";
import { documentPng } from "./support/images";
import { ABOUT_YOU, CONTACT, saveStep } from "./support/seed";
import { expect, test } from "./support/test";

// Issue #13: answers are never lost to the browser's Back button, Change links return to the review, and the
// error summary always says what the fields say.

const idOf = (url: string) => /\/apply\/(app_[^/]+)\//.exec(url)?.[1] ?? "";

test.describe("answers and errors @phone", () => {
  test("Back, Forward and reload show what was saved; a save from an older view is refused and the saved answers shown", async ({
    page,
  }, testInfo) => {
    await startFrom(page, "Travel Visa Card");
    const id = idOf(page.url());
    await fillAboutYou(page);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    await fillContact(page);
    const email = await page.getByLabel("Email address").inputValue();
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/address$/);

    await page.goBack();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await page.goBack();
    await expect(page).toHaveURL(/\/about-you$/);
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await expect(page.getByLabel("Nationality")).toHaveValue("GB");
    await checkPage(page, testInfo, "30-back-shows-saved");
    await page.goForward();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByLabel("Mobile number")).toHaveValue("7700900123");
    await page.reload();
    await expect(page.getByLabel("Email address")).toHaveValue(email);

    // Another tab saves this step meanwhile: this page's save is refused and it shows the saved answers (in Chinese).
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("联系方式");
    await saveStep(page.request, id, "contact", { ...CONTACT, email: "other.tab@example.com" });
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(page.getByText("这些回答已被更改")).toBeVisible();
    await expect(page.locator("#f-email")).toHaveValue("other.tab@example.com");
    await expect(page).toHaveURL(/\/contact$/);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "31-stale-save-refused-zh");
    await page.getByRole("button", { name: "保存并继续" }).click();
    await expect(page).toHaveURL(/\/address$/);
  });

  test("a Change link on the review page saves back to the review page", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await fillStandard(page.request, id);
    await page.goto(`/apply/${id}/review`);
    // Given and family name show as one "Name" row (e2e/apply-review-outcomes.spec.ts).
    await page.getByRole("link", { name: /Change\s+Name/ }).click();
    await expect(page).toHaveURL(/\/about-you\?from=review/);
    await expect(page.getByLabel("First name")).toHaveValue("Ada");
    await page.getByLabel("First name").fill("Augusta");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/review$/);
    await expect(page.getByText("Augusta Lovelace", { exact: true })).toBeVisible();
    // Back from a step opened there returns to the review too, nothing changed.
    await page.getByRole("link", { name: /Change\s+Email address/ }).click();
    await expect(page).toHaveURL(/\/contact\?from=review/);
    await page.getByRole("link", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/review$/);
    await checkPage(page, testInfo, "32-review-after-change");
  });

  test("the error summary always says what the document field says", async ({ page }, testInfo) => {
    const id = await startDraft(page.request);
    await saveStep(page.request, id, "about-you", ABOUT_YOU);
    await saveStep(page.request, id, "contact", CONTACT);
    await page.goto(`/apply/${id}/identity-document`);
    const input = page.locator('input[type="file"]:not([capture])').first();
    const fieldError = page.locator("#f-identity-front_file_id-error");
    const summary = page.getByRole("alert").filter({ has: page.getByRole("heading", { name: /There is a problem|有问题需要处理/ }) });

    await expect(page.getByLabel("Document type")).toBeEnabled(); // the form works once hydrated
    // Refused in the browser: its content is not an image it can open (issue #28), then a GIF.
    await input.setInputFiles({ name: "scan.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await expect(fieldError).toContainText("The image could not be opened.");
    const first = (await fieldError.innerText()).trim();
    await expect(summary.getByRole("link")).toHaveText([new RegExp(`: ${escapeRegExp(first)}$`)]);
    await input.setInputFiles({ name: "animation.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a...") });
    await expect(fieldError).toHaveText("The file must be a photo (JPG, PNG or HEIC) or a PDF.");
    await expect(summary.getByRole("link")).toHaveText([/: The file must be a photo \(JPG, PNG or HEIC\) or a PDF\.$/]);
    await checkPage(page, testInfo, "33-file-errors");

    // In Chinese, a third error (an empty file) replaces it in both places; a good file clears both.
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("身份证件");
    await input.setInputFiles({ name: "empty.png", mimeType: "image/png", buffer: Buffer.alloc(0) });
    await expect(fieldError).toHaveText("文件为空，请选择其他文件。");
    await expect(summary.getByRole("link")).toHaveText([/：?.*文件为空，请选择其他文件。$/]);
    await expectNoAxeViolations(page);
    await input.setInputFiles({ name: "passport.png", mimeType: "image/png", buffer: documentPng() });
    await page.getByRole("button", { name: "使用这张照片" }).click();
    await expect(fieldError).toHaveCount(0);
    await expect(summary).toHaveCount(0);
  });
});

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
