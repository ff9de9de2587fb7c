import path from "node:path";
import { readFileSync } from "node:fs";
import { expect, test } from "./support/test";
import { checkPage, fillDate, reachIdentityStep, saveAndContinue } from "./support/apply";
import { blurredShade, documentPng, grayPng, jpegSize, metadataSegments, printedPage } from "./support/images";
import {
  camera,
  cameraJpeg,
  isDocumentUpload,
  lastSentFile,
  picker,
  pixelAt,
  recordUploads,
  screenPixels,
  usePhoto,
} from "./support/photos";
import type { Page } from "@playwright/test";

// Issue #28 items 1-3: documents from a phone camera (shrunk, upright, without metadata; HEIC decoded), the
// quality gate before upload, and a save that waits for the upload.

const HEIC = readFileSync(path.join(__dirname, "fixtures", "passport.heic")); // how it was made: e2e/fixtures/README.md

async function passportAnswers(page: Page) {
  await page.getByLabel("Document type").selectOption("PASSPORT");
  await page.getByLabel("Document number").fill("P1234567");
  await page.getByLabel("Issuing country").selectOption("GB");
  await fillDate(page, "Expiry date", "2031-05-01");
}

test("a 6 MB camera photo is sent upright, under 1 MB, without its EXIF or location @phone", async ({ page }, testInfo) => {
  await recordUploads(page);
  await reachIdentityStep(page);
  await passportAnswers(page);
  const photo = await cameraJpeg(page);
  expect(photo.length).toBeGreaterThan(6_000_000);
  expect(jpegSize(photo)).toEqual({ width: 4000, height: 3000 });
  expect(metadataSegments(photo)).toHaveLength(1);

  const stored = page.waitForResponse((r) => isDocumentUpload(r.request()));
  await picker(page).setInputFiles({ name: "IMG_1234.jpg", mimeType: "image/jpeg", buffer: photo });
  const question = page.getByText("Is the whole document visible and sharp?");
  await expect(question).toBeFocused();
  await expect(page.getByText(/^Ready to send: .*1,500 × 2,000 pixels, without its location/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "blurred" })).toHaveCount(0);
  await checkPage(page, testInfo, "photo-01-second-look");
  await usePhoto(page);

  const sent = await lastSentFile(page);
  expect(sent).toMatchObject({ name: "IMG_1234.jpg", type: "image/jpeg" });
  const answer = (await (await stored).json()) as { document: { size: number; fileType: string } };
  expect(answer.document).toEqual(expect.objectContaining({ size: sent.bytes.length, fileType: "image/jpeg" })); // what arrived
  expect(sent.bytes.length).toBeLessThan(1_000_000);
  testInfo.annotations.push({ type: "bytes", description: `picked ${photo.length}, sent ${sent.bytes.length}` });
  expect(jpegSize(sent.bytes)).toEqual({ width: 1500, height: 2000 }); // portrait: turned as EXIF said
  expect(metadataSegments(sent.bytes)).toEqual([]); // no EXIF (and so no GPS), no XMP
  // The red corner is at the top right of the upright picture, not where it was stored.
  const [r = 0, g = 0] = await pixelAt(page, sent.bytes, 1400, 100);
  expect(r > 200 && g < 60).toBe(true);
  const [r2 = 0, g2 = 0] = await pixelAt(page, sent.bytes, 100, 100);
  expect(Math.abs(r2 - g2)).toBeLessThan(60); // gray with grain
  await checkPage(page, testInfo, "photo-02-uploaded");
});

test("a HEIC photo is decoded in the browser and stored as a JPEG; its decoder is fetched only then @phone", async ({ page }) => {
  const scripts: { url: string; bytes: number }[] = [];
  // The portal's own scripts (the decoder then starts a worker from a blob: URL, which is not fetched).
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script" && r.url().startsWith("http"))
      scripts.push({ url: r.url(), bytes: (await r.body().catch(() => Buffer.alloc(0))).length });
  });
  await recordUploads(page);
  await reachIdentityStep(page);
  await passportAnswers(page);
  await expect.poll(() => scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => s.bytes > 1_000_000)).toEqual([]); // no decoder in the page's own scripts

  // Browsers often give a HEIC file no MIME type at all: the name (and the bytes) decide.
  await picker(page).setInputFiles({ name: "IMG_0042.HEIC", mimeType: "", buffer: HEIC });
  await expect(page.getByText("Is the whole document visible and sharp?")).toBeVisible({ timeout: 30_000 });
  // libheif, fetched for this photo: one chunk of the portal's own.
  await expect
    .poll(() => [...new Set(scripts.filter((s) => s.bytes > 1_000_000).map((s) => s.url))])
    .toEqual([expect.stringMatching(/^http:.*\/_next\/static\/chunks\//)]);
  const stored = page.waitForResponse((r) => isDocumentUpload(r.request()));
  await usePhoto(page);
  const sent = await lastSentFile(page);
  expect(sent).toMatchObject({ name: "IMG_0042.jpg", type: "image/jpeg" });
  expect(jpegSize(sent.bytes)).toEqual({ width: 1200, height: 900 });
  const answer = (await (await stored).json()) as { document: { fileName: string; fileType: string; size: number } };
  expect(answer.document).toEqual(expect.objectContaining({ fileName: "IMG_0042.jpg", fileType: "image/jpeg", size: sent.bytes.length }));
});

test("an image too small to read is refused before upload, naming the problem @phone", async ({ page }, testInfo) => {
  await reachIdentityStep(page);
  await passportAnswers(page);
  const uploads: string[] = [];
  page.on("request", (r) => isDocumentUpload(r) && uploads.push(r.url()));
  await picker(page).setInputFiles({ name: "thumb.png", mimeType: "image/png", buffer: grayPng(64, 40, printedPage(64, 40)) });
  const error = page.locator("#f-identity-front_file_id-error");
  await expect(error).toHaveText(/The image is too small to read the document \(under 600 × 400 pixels\)\. Retake it closer/);
  await expect(page.getByRole("link", { name: /Front of the document: The image is too small/ })).toBeVisible();
  await checkPage(page, testInfo, "photo-03-too-small");
  expect(uploads).toEqual([]);
});

test("a blurred photo and a screenshot get a warning with a Retake hint, and can still be used @phone", async ({ page }, testInfo) => {
  await reachIdentityStep(page);
  await passportAnswers(page);
  const [w, h] = [1200, 800];
  const blurred = grayPng(w, h, blurredShade(w, h, printedPage(w, h), 4));
  // On a phone, from the camera shortcut; Retake then opens the camera again.
  const input = testInfo.project.use.isMobile ? camera(page) : picker(page);
  await input.setInputFiles({ name: "IMG_2001.png", mimeType: "image/png", buffer: blurred });
  await expect(page.getByText("The photo looks blurred. Retake it holding the phone still")).toBeVisible();
  await expect(page.getByText("If every line is easy to read, you can still use it.")).toBeVisible();
  // Saving before choosing Use or Retake says so, and sends nothing.
  await saveAndContinue(page);
  await expect(
    page.getByRole("link", { name: /Front of the document: Look at the photo, then choose Use this photo or Retake/ }),
  ).toBeVisible();
  await checkPage(page, testInfo, "photo-04-blurred");

  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: "Retake" }).click();
  const again = await chooser;
  expect(await again.element().evaluate((el) => (el as HTMLInputElement).hasAttribute("capture"))).toBe(
    testInfo.project.use.isMobile === true,
  );
  // A picture exactly this device's screen: a screenshot.
  const size = await screenPixels(page);
  await again.setFiles({
    name: "IMG_2002.png",
    mimeType: "image/png",
    buffer: grayPng(size.width, size.height, printedPage(size.width, size.height)),
  });
  await expect(page.getByText("This looks like a screenshot. Retake it: photograph the document itself, not a screen.")).toBeVisible();
  await expect(page.getByText("The photo looks blurred.")).toHaveCount(0);
  await checkPage(page, testInfo, "photo-05-screenshot");
  await usePhoto(page);
  await saveAndContinue(page);
  await expect(page).toHaveURL(/\/review$/);
  await expect(page.getByText("IMG_2002.jpg")).toBeVisible();
});

test("saving during an upload on Slow 3G waits for it, and the review lists the new file (a replacement too) @phone", async ({
  page,
}, testInfo) => {
  test.slow(); // every request after the step's first load crosses Slow 3G
  await reachIdentityStep(page);
  await passportAnswers(page);
  // Slow 3G: 2 s round trip, 400 kbit/s each way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 2000,
    downloadThroughput: 50_000,
    uploadThroughput: 50_000,
  });
  // Each upload is held until the test has pressed Save, so the save always meets it on its way.
  let release: () => void = () => undefined;
  let gate = Promise.resolve();
  const held: string[] = [];
  await page.route("**/api/applications/*/documents", async (route) => {
    held.push(route.request().url());
    await gate;
    await route.continue();
  });

  for (const [name, from] of [
    ["first.png", "the first upload"],
    ["second.png", "a replacement"],
  ] as const) {
    gate = new Promise<void>((resolve) => (release = resolve));
    await picker(page).setInputFiles({ name, mimeType: "image/png", buffer: documentPng() });
    await page.getByRole("button", { name: "Use this photo" }).click();
    await expect(page.getByRole("progressbar"), from).toBeVisible();
    // A screen reader hears the file and its progress by quarters, from the field's live region (issue 28 item 9).
    const spoken = page
      .locator('[aria-live="polite"]')
      .getByText(new RegExp(`^${name.replace(".png", "\\.jpg")}: (0|25|50|75)% uploaded$`));
    await expect(spoken, from).toBeAttached();
    await saveAndContinue(page);
    await expect(page.getByRole("button", { name: "Waiting for the upload…" }), from).toBeDisabled();
    if (from === "the first upload") await checkPage(page, testInfo, "photo-06-waiting");
    await expect.poll(() => held.length, from).toBe(from === "the first upload" ? 1 : 2); // the upload is on its way
    expect(page.url(), from).toMatch(/\/identity-document(\?|$)/); // and the save waits for it
    release();
    await expect(page, from).toHaveURL(/\/review$/, { timeout: 60_000 });
    const listed = page.getByText(name.replace(".png", ".jpg"));
    await expect(listed, from).toBeVisible({ timeout: 30_000 });
    if (from === "the first upload") await page.getByRole("link", { name: /Change.*Front of the document/ }).click();
  }
  await expect(page.getByText("first.jpg")).toHaveCount(0);
});
