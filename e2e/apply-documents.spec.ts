import { expect, test } from "./support/test";
import { reachIdentityStep } from "./support/apply";

// Document checks in the browser, before anything is uploaded; and the invite link.

test("a wrong-type or oversized document is refused in the browser, before any upload", async ({ page }) => {
  await reachIdentityStep(page);

  const uploads: string[] = [];
  page.on("request", (r) => r.url().includes("/documents") && uploads.push(r.url()));
  const input = page.locator('input[type="file"]:not([capture])').first();
  await input.setInputFiles({ name: "animation.gif", mimeType: "image/gif", buffer: Buffer.from("GIF89a...") });
  await expect(page.getByText("The file must be a photo (JPG, PNG or HEIC) or a PDF.", { exact: true })).toBeVisible();
  // PDFs are sent as they are, so the portal's 10 MB holds for them (photos are shrunk first: up to 40 MB).
  await input.setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(10 * 1024 * 1024 + 1) });
  await expect(page.getByText("The file is too large: a photo can be up to 40 MB, a PDF up to 10 MB.", { exact: true })).toBeVisible();
  // The error summary names it too (the field's own message, exact above).
  await expect(page.getByRole("link", { name: /Front of the document: The file is too large/ })).toBeVisible();
  expect(uploads).toEqual([]);
});

test("the document picker offers Choose a file first, and a drop hint only where files can be dragged @phone", async ({
  page,
}, testInfo) => {
  await reachIdentityStep(page);
  // The step's content may still be streaming in after the URL changed: wait for the picker itself.
  await expect(page.getByText("Choose a file").first()).toBeVisible();
  const zone = page.locator("div.border-dashed").filter({ hasText: "Choose a file" }).first();
  const order = await zone.locator("label, p").evaluateAll((els) => els.map((el) => (el.textContent ?? "").trim()).filter(Boolean));
  expect(order[0]).toBe("Choose a file");
  const hint = zone.getByText("or drop the file here");
  // The phone project is a touch screen (a coarse pointer): no dragging there, so no hint.
  if (testInfo.project.use.isMobile) {
    await expect(hint).toBeHidden();
    await expect(zone.getByText("Take a photo")).toBeVisible();
  } else {
    await expect(hint).toBeVisible();
    expect(order.indexOf("or drop the file here")).toBeGreaterThan(0);
  }
});

test("an invite link puts the merchant's chosen card first", async ({ page }) => {
  await page.goto("/?product=prod_premium_enhanced_eur");
  const first = page.getByRole("article").first();
  await expect(first.getByRole("heading", { name: "Premium Mastercard" })).toBeVisible();
  await expect(first.getByText("Recommended for you")).toBeVisible();
});
