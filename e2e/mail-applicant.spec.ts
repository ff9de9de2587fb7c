import type { APIRequestContext } from "@playwright/test";
import { clientHeaders, expect, test } from "./support/test";
import { fillAboutYou, saveAndContinue, startFrom } from "./support/apply";
import { linksOfMail, openMail } from "./support/mailbox";
import { sandboxCall } from "./support/sandbox-api";
import { PNG } from "./support/open-api";

// Emails to the applicant through the real sender and the sandbox's mail catcher, read at /sandbox/mail in another
// browser, as a person reads their inbox.

test.describe("emails to the applicant @phone", () => {
  test("asks for the link by email, then continues from the inbox in another browser", async ({ page, browser }, testInfo) => {
    test.slow();
    const email = `mail.${testInfo.project.name}.${Date.now()}@example.com`;
    await startFrom(page, "Travel Visa Card");
    // Before the contact step, the panel says the link can be emailed once there is an address.
    await expect(page.getByText("Once you have saved your contact details, we can also email you this link.")).toBeVisible();
    await fillAboutYou(page);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/contact$/);
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Country calling code").selectOption("+44");
    await page.getByLabel("Mobile number").fill("7700900123");
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/address$/);
    const shown = await page.getByTestId("resume-link").getAttribute("href");
    await page.getByRole("button", { name: "Email me this link" }).click();
    const masked = `m•••@example.com`;
    await expect(page.getByText(`We sent the link to ${masked}.`)).toBeVisible();

    // Another device: the inbox, the message, its link.
    const other = await browser.newContext();
    try {
      const inbox = await openMail(await other.newPage(), email, "Continue your card application with Card portal (sandbox)", {
        testInfo,
        name: `resume-link-${testInfo.project.name}`,
      });
      const [link] = await linksOfMail(inbox, /\/apply\/resume\//);
      expect(link).toBe(shown); // the link the page showed: one link, the same rules
      await inbox.getByTestId("mail-link").filter({ hasText: "/apply/resume/" }).click();
      await inbox.getByRole("button", { name: /Continue/ }).click();
      // The application goes on after the furthest step saved: the address step.
      await expect(inbox).toHaveURL(/\/apply\/app_[^/]+\/address$/);
    } finally {
      await other.close();
    }
  });
});

test.describe("emails of an ending", () => {
  const startThroughApi = async (request: APIRequestContext, email: string, locale: "en" | "zh-CN") => {
    const started = await request.post("/api/applications", { data: { productId: "prod_virtual_simplified_usd", locale } });
    expect(started.status()).toBe(201);
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    for (const [step, values] of [
      ["about-you", { first_name: "Grace", last_name: "Hopper" }],
      ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
    ] as const) {
      const saved = await request.put(`/api/applications/${id}/draft`, { data: { step, values } });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    return id;
  };

  test("an issued card is emailed in the applicant's language, with its reference and the merchant's next step", async ({
    page,
    request,
  }, testInfo) => {
    const email = `issued.${Date.now()}@example.com`;
    const id = await startThroughApi(request, email, "zh-CN");
    expect((await request.post(`/api/applications/${id}/submit`, { data: {} })).status()).toBe(200);
    const state = async () =>
      ((await (await request.get(`/api/applications/${id}/status`)).json()) as { application: { state: string } }).application.state;
    await expect.poll(state, { timeout: 30_000 }).toBe("card_issued");
    await openMail(page, email, "您的 Card portal (sandbox) 卡片已发放", { testInfo, name: "card-issued-zh" });
    await expect(page.getByTestId("mail-text")).toContainText(/您的申请编号：[0-9A-Z]{4}-[0-9A-Z]{4}/);
    expect(await linksOfMail(page, /merchant\.example/)).toEqual(["https://merchant.example/cards"]);
  });

  test("a refused identity check is emailed with the status page's next steps and the reference to quote", async ({
    page,
    request,
  }, testInfo) => {
    const email = `refused.${Date.now()}@example.com`;
    const started = await request.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    await request.post(`/api/applications/${id}/documents`, {
      multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
    });
    for (const [step, values] of [
      ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
      ["contact", { email, area_code: "+44", mobile_number: "7700900123" }],
      ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
    ] as const) {
      expect((await request.put(`/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
    }
    expect((await request.post(`/api/applications/${id}/submit`, { data: {} })).status()).toBe(200);
    const found = await sandboxCall(request, "GET", `/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(email)}`);
    const cardholderId = (found.json.data?.items as Array<{ id: string }> | undefined)?.[0]?.id ?? "";
    expect(
      (await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/kyc`, { kyc_status: "REJECTED" })).status,
    ).toBe(200);
    await openMail(page, email, "Your Card portal (sandbox) card application: identity not verified", { testInfo, name: "kyc-rejected" });
    const text = page.getByTestId("mail-text");
    await expect(text).toContainText("We could not verify your identity");
    await expect(text).toContainText("The identity check could not confirm who you are");
    await expect(text).toContainText(/give them your reference [0-9A-Z]{4}-[0-9A-Z]{4}/);
    await expect(text).toContainText("Questions? Contact help@merchant.example.");
  });
});

test("an application the issuer refuses is emailed as failed, with what happened and the reference", async ({
  page,
  request,
}, testInfo) => {
  const email = `failed.${Date.now()}@example.com`;
  const started = await request.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  await request.post(`/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
  });
  for (const [step, values] of [
    ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
  ] as const) {
    expect((await request.put(`/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
  }
  expect((await request.post(`/api/applications/${id}/submit`, { data: {} })).status()).toBe(200);
  const found = await sandboxCall(request, "GET", `/sandbox/api/open/v1/issuing/cardholders?email=${encodeURIComponent(email)}`);
  const cardholderId = (found.json.data?.items as Array<{ id: string }> | undefined)?.[0]?.id ?? "";
  expect((await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/status`, { status: "FAILED" })).status).toBe(
    200,
  );
  await openMail(page, email, "Your Card portal (sandbox) card application could not be completed", {
    testInfo,
    name: "application-failed",
  });
  const text = page.getByTestId("mail-text");
  await expect(text).toContainText("Your application could not be completed");
  await expect(text).toContainText(/give them your reference [0-9A-Z]{4}-[0-9A-Z]{4}/);
});

test("the email route mails only the holder's own address, from the portal's pages, a few times an hour", async ({
  playwright,
  baseURL,
  request,
}, testInfo) => {
  const email = `limits.${Date.now()}@example.com`;
  const started = await request.post("/api/applications", { data: { productId: "prod_virtual_simplified_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  const path = `/api/applications/${id}/resume-email`;
  // Before the contact step: nothing to send to.
  const early = await request.post(path, { data: {} });
  expect(early.status()).toBe(409);
  expect(((await early.json()) as { error: { code: string } }).error.code).toBe("INVALID_STATE");
  for (const [step, values] of [
    ["about-you", { first_name: "Grace", last_name: "Hopper" }],
    ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
  ] as const) {
    expect((await request.put(`/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
  }
  // An address of the caller's choosing is refused, not used.
  const chosen = await request.post(path, { data: { to: "victim@example.net" } });
  expect(chosen.status()).toBe(422);
  // Another browser (no binding), or another site's page: not found, refused.
  const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "stranger") });
  expect((await stranger.post(path, { data: {} })).status()).toBe(404);
  await stranger.dispose();
  expect((await request.post(path, { data: {}, headers: { origin: "https://evil.example" } })).status()).toBe(403);
  // Three an hour per application, then 429 with the wait.
  for (let i = 0; i < 3; i++) expect((await request.post(path, { data: {} })).status()).toBe(200);
  const limited = await request.post(path, { data: {} });
  expect(limited.status()).toBe(429);
  expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
  expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("RATE_LIMITED");
});
