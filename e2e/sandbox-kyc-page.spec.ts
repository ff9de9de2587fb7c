import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { dataString, sandboxCall } from "./support/sandbox-api";

const CARDHOLDERS = "/sandbox/api/open/v2/issuing/cardholders";

/** A REDIRECT_LINK cardholder created through the sandbox API, and its hosted KYC page URL. */
async function cardholderWithLink(request: APIRequestContext): Promise<{ id: string; url: string }> {
  const created = await sandboxCall(request, "POST", CARDHOLDERS, {
    card_product_id: "prod_virtual_simplified_usd",
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    area_code: "+44",
    mobile_number: "7700900123",
    kyc_verification: { method: "REDIRECT_LINK" },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const id = dataString(created, "id");
  const link = await sandboxCall(request, "POST", `/sandbox/api/open/v1/issuing/cardholders/${id}/kycLink`);
  expect(link.status, JSON.stringify(link.json)).toBe(200);
  return { id, url: dataString(link, "url") };
}

async function kycStatusOf(request: APIRequestContext, id: string): Promise<string> {
  const detail = await sandboxCall(request, "GET", `${CARDHOLDERS}/${id}`);
  expect(detail.status, JSON.stringify(detail.json)).toBe(200);
  return dataString(detail, "kyc_status");
}

/** Presses Tab until `target` has the focus (it must be reachable by keyboard within a few stops). */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 10; i += 1) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error("the element was not reached with the Tab key");
}

const approveButton = (page: Page) => page.getByRole("button", { name: "Approve", exact: true });
const rejectButton = (page: Page) => page.getByRole("button", { name: "Reject", exact: true });

test.describe("the sandbox's hosted KYC page @phone", () => {
  test("shows the cardholder, passes axe in light and dark, and Approve by keyboard returns to the merchant", async ({
    page,
    request,
    baseURL,
  }, testInfo) => {
    const { url } = await cardholderWithLink(request);
    const returnUrl = `${baseURL}/?back=1`;
    await page.goto(`${url}?return_url=${encodeURIComponent(returnUrl)}`);

    await expect(page).toHaveTitle("Identity verification");
    await expect(page.getByRole("banner")).toContainText("IdentityCheck");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verify your identity");
    await expect(page.getByRole("main")).toContainText("Ada Lovelace");
    await expect(page.getByRole("main")).toContainText("sandbox simulation");
    await expect(rejectButton(page)).toBeVisible();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "kyc-page-light");

    await page.emulateMedia({ colorScheme: "dark" });
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "kyc-page-dark");

    const approve = approveButton(page);
    await tabTo(page, approve);
    await expect(approve).toBeFocused();
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => u.searchParams.get("kyc") === "approved");
    const landed = new URL(page.url());
    expect(landed.origin + landed.pathname).toBe(new URL(returnUrl).origin + "/");
    expect(landed.searchParams.get("back")).toBe("1");
  });

  test("Reject without a return_url shows the rejection on the page itself", async ({ page, request }, testInfo) => {
    const { id, url } = await cardholderWithLink(request);
    await page.goto(url);
    await rejectButton(page).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verification rejected");
    expect(new URL(page.url()).pathname).toBe(new URL(url).pathname);
    await expect(page.getByRole("link", { name: "Return to the merchant" })).toHaveCount(0);
    await expect(approveButton(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "kyc-page-rejected");
    expect(await kycStatusOf(request, id)).toBe("REJECTED");
  });

  test("the merchant's API follows the page: NOT_STARTED, PENDING once opened, VERIFIED once approved", async ({ page, request }) => {
    const { id, url } = await cardholderWithLink(request);
    expect(await kycStatusOf(request, id)).toBe("NOT_STARTED");
    await page.goto(url);
    await expect(approveButton(page)).toBeVisible();
    expect(await kycStatusOf(request, id)).toBe("PENDING");

    await approveButton(page).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Verification approved");
    expect(await kycStatusOf(request, id)).toBe("VERIFIED");
  });

  test("a link replaced by a newer one says it has expired and links back to the merchant", async ({ page, request, baseURL }) => {
    const { id, url } = await cardholderWithLink(request);
    const fresh = await sandboxCall(request, "POST", `/sandbox/api/open/v1/issuing/cardholders/${id}/kycLink`);
    expect(fresh.status, JSON.stringify(fresh.json)).toBe(200);
    expect(dataString(fresh, "url")).not.toBe(url);

    const returnUrl = `${baseURL}/?back=1`;
    await page.goto(`${url}?return_url=${encodeURIComponent(returnUrl)}`);
    await expect(page.getByRole("main")).toContainText(
      "This verification link has expired. Go back to the merchant and ask for a new link.",
    );
    await expect(page.getByRole("link", { name: "Return to the merchant" })).toHaveAttribute("href", returnUrl);
    await expect(approveButton(page)).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test("the hosted page returns only to the portal: a return_url elsewhere is dropped (no open redirect)", async ({ page, request }) => {
    const { url } = await cardholderWithLink(request);
    await page.goto(`${url}?return_url=${encodeURIComponent("https://evil.example/phish")}`);
    await expect(page.getByRole("link", { name: "Return to the merchant" })).toHaveCount(0);
    await approveButton(page).click();
    await expect(page.getByRole("heading", { name: "Verification approved" })).toBeVisible();
    expect(new URL(page.url()).host).not.toBe("evil.example");
    await expect(page.getByRole("link", { name: "Return to the merchant" })).toHaveCount(0);
  });
});
