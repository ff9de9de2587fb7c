import type { Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, issuerRecord, SIMPLIFIED, startDraft, stateOf, storedState } from "./support/applicant";
import { openCase, pendingStandard, section, submittedSimplified } from "./support/case-page";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// The application actions through the real app and the sandbox: an agent signs in, opens an application and acts;
// the applicant (its own request context) and the issuer (the sandbox's API) show the effect. The retry of a lost
// card issuance is in e2e/admin-retry-card.spec.ts: it runs alone.

let agent: StaffLogin;
let viewer: StaffLogin;

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
  viewer = await newStaff(admin, "viewer");
  await admin.dispose();
});

const openAsAgent = (page: Page, id: string) => openCase(page, agent, id);

test("an agent re-issues the identity-check link, copies it, and the link opens the identity check", async ({
  page,
  request,
  browser,
}, testInfo) => {
  const { id } = await pendingStandard(request);
  await openAsAgent(page, id);
  const kyc = section(page, "Identity-check link");
  await kyc.getByRole("button", { name: "Issue a new identity-check link" }).click();
  const link = kyc.getByLabel("New identity-check link");
  await expect(link).toHaveValue(/\/sandbox\/kyc\//);
  await expect(kyc.getByRole("img", { name: "QR code of the link" })).toBeVisible();
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await kyc.getByRole("button", { name: "Copy link" }).click();
  await expect(kyc.getByText("Copied")).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-actions-kyc-1280");

  const other = await browser.newContext();
  const person = await other.newPage();
  await person.goto(await link.inputValue());
  await expect(person.getByRole("button", { name: "Approve" })).toBeVisible();
  await other.close();
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "操作" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-actions-zh-tablet");
});

test("a fresh resume link works once, in a fresh browser", async ({ page, request, browser }) => {
  const id = await startDraft(request, SIMPLIFIED);
  await openAsAgent(page, id);
  const resume = section(page, "Resume link");
  await expect(resume.getByText("A new link revokes every older one.", { exact: false })).toBeVisible();
  await resume.getByRole("button", { name: "Copy a fresh resume link" }).click();
  const url = await resume.getByLabel("New resume link").inputValue();
  expect(url).toMatch(/\/apply\/resume\/[A-Za-z0-9_-]{43}$/);

  const first = await browser.newContext();
  const firstPage = await first.newPage();
  await firstPage.goto(url);
  await firstPage.getByRole("button", { name: "Continue on this device" }).click();
  await expect(firstPage).toHaveURL(new RegExp(`/apply/${id}/`));
  const second = await browser.newContext();
  const secondPage = await second.newPage();
  await secondPage.goto(url);
  await expect(secondPage.getByRole("heading", { name: "This link cannot be used" })).toBeVisible();
  await Promise.all([first.close(), second.close()]);
});

test("an agent marks a draft failed with a reason, then reopens it for the applicant", async ({ page, request }, testInfo) => {
  const id = await startDraft(request);
  await fillStandard(request, id);
  await openAsAgent(page, id);
  const fail = section(page, "Mark failed");
  await fail.getByRole("button", { name: "Mark as failed" }).click();
  await fail.getByRole("group").getByRole("button", { name: "Mark as failed" }).click();
  const reason = fail.getByLabel("Reason");
  await expect(fail.getByText("Give a reason of at least 5 characters")).toBeVisible();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAttribute("aria-describedby", /-error/);
  await reason.fill("The applicant asked us to stop");
  await expectNoAxeViolations(page);
  await fail.getByRole("group").getByRole("button", { name: "Mark as failed" }).click();
  await expect(section(page, "Reopen")).toBeVisible();
  expect(await storedState(request, id)).toBe("failed");

  const reopen = section(page, "Reopen");
  await reopen.getByRole("button", { name: "Reopen the draft for the applicant" }).click();
  await reopen.getByRole("button", { name: "Reopen", exact: true }).click();
  await expect(section(page, "Create with the merchant's identity proof")).toBeVisible();
  expect(await storedState(request, id)).toBe("draft");
  await saveScreenshot(page, testInfo, "admin-actions-draft-1280");
});

test("an agent corrects the contact details and address, and the issuer shows them", async ({ page, request }, testInfo) => {
  const { id } = await pendingStandard(request);
  await openAsAgent(page, id);
  const form = section(page, "Correct contact details and address");
  await form.getByLabel("Postcode").fill("1");
  await form.getByRole("button", { name: "Send the correction" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Postcode: Enter 4 to 10 letters, digits, spaces or hyphens." })).toBeVisible();
  await expect(form.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 820, height: 1180 });
  await saveScreenshot(page, testInfo, "admin-actions-correct-errors-tablet");
  await page.setViewportSize({ width: 1280, height: 800 });

  const email = `ada.fixed.${Date.now()}@example.com`;
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Country", { exact: true }).selectOption("GB");
  await form.getByLabel("City").fill("London");
  await form.getByLabel("Address line 1").fill("221B Baker Street");
  await form.getByLabel("Postcode").fill("NW1 6XE");
  await form.getByRole("button", { name: "Send the correction" }).click();
  await expect(form.getByText(/Sent to the card issuer: email, .*billing_address\.line1/)).toBeVisible();
  await expect.poll(async () => (await issuerRecord(request, email)).text).toContain("221B Baker Street");
});

test("an agent corrects only the email and mobile of a card without an address; a wrong mobile is named", async ({
  page,
  request,
}, testInfo) => {
  const { id } = await submittedSimplified(request);
  await openAsAgent(page, id);
  const form = section(page, "Correct contact details and address");
  // Five digits pass the pattern but cannot be dialled with +1: the cross-field rule names the mobile.
  await form.getByLabel("Mobile number").fill("12345");
  await form.getByRole("button", { name: "Send the correction" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link")).toHaveCount(1);
  await expect(summary.getByRole("link", { name: /^Mobile number: / })).toBeVisible();
  await expect(form.getByLabel("Mobile number")).toHaveAttribute("aria-invalid", "true");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-actions-correct-mobile-1280");

  const email = `grace.fixed.${Date.now()}@example.com`;
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Mobile number").fill("202 555 0199");
  await form.getByRole("button", { name: "Send the correction" }).click();
  await expect(form.getByText("Sent to the card issuer: email, mobile_number.")).toBeVisible();
  await expect.poll(async () => (await issuerRecord(request, email)).text).toContain("2025550199");
  expect((await issuerRecord(request, email)).text).not.toContain("billing_address");
});

test("an agent creates a cardholder with the merchant's identity proof, through to a card; a used reference is refused", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const reference = `ref_${Date.now()}_e2e`;
  const id = await startDraft(request);
  await fillStandard(request, id);
  await openAsAgent(page, id);
  const proof = section(page, "Create with the merchant's identity proof");
  const fillProof = async () => {
    await proof.getByLabel("Identity-check provider").fill("Onfido");
    await proof.getByLabel("Reference id").fill(reference);
    await proof
      .getByLabel("Identity-check report (IDV)")
      .setInputFiles({ name: "idv.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") });
  };
  await fillProof();
  await proof.getByRole("button", { name: "Create the cardholder" }).click();
  await expect(proof.getByText(/Cardholder ch_\S+ created/)).toBeVisible();
  await proof.getByRole("button", { name: "Show the updated application" }).click();
  await expect(proof).toHaveCount(0);
  await expect.poll(() => stateOf(request, id), { timeout: 30_000 }).toBe("card_issued");

  const applicant = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "second") });
  const second = await startDraft(applicant);
  await fillStandard(applicant, second);
  await page.goto(`/admin/applications/${second}`);
  await fillProof();
  await proof.getByRole("button", { name: "Create the cardholder" }).click();
  await expect(
    page.getByRole("link", { name: "The card issuer says this reference id was used before. Check it with the provider." }),
  ).toBeVisible();
  await expect(proof.getByLabel("Reference id")).toHaveAttribute("aria-invalid", "true");
  await expect(proof.getByText(/CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS/)).toBeVisible();
  expect(await storedState(applicant, second)).toBe("draft");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-actions-third-party-error-1280");
  await applicant.dispose();
});

test("an invitation opens the portal with the card chosen and the email filled in", async ({ page, browser }, testInfo) => {
  await signInOnPage(page, agent, "/admin/invite");
  await page.getByLabel("Card", { exact: true }).selectOption({ label: "Travel Visa Card" });
  const email = `invited.${Date.now()}@example.com`;
  await page.getByLabel("Applicant's email address").fill(email);
  await page.getByRole("button", { name: "Create the invitation" }).click();
  const link = page.getByLabel("Invitation link");
  // The address is only inside the sealed token: nothing of it is readable in the link (issue #27, item 11).
  await expect(link).toHaveValue(/\?product=prod_travel_standard_usd&invite=[\w.-]+$/);
  const url = await link.inputValue();
  expect(url).not.toContain("invited.");
  expect(url).not.toContain("example.com");
  await expect(page.getByRole("img", { name: "QR code of the link" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-actions-invite-1280");
  await page.setViewportSize({ width: 820, height: 1180 });
  await saveScreenshot(page, testInfo, "admin-actions-invite-tablet");

  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(url);
  await expect(person.getByText(`You were invited as ${email}.`)).toBeVisible();
  const card = person.getByRole("article").filter({ has: person.getByRole("heading", { name: "Travel Visa Card" }) });
  await expect(card.getByText("Recommended for you")).toBeVisible();
  await card.getByRole("button", { name: "Apply for this card" }).click();
  await expect(person).toHaveURL(/\/apply\/(app_[^/]+)\/about-you$/);
  const appId = /\/apply\/(app_[^/]+)\//.exec(person.url())?.[1];
  await person.goto(`/apply/${appId}/contact`);
  await expect(person.getByLabel("Email address")).toHaveValue(email);
  // An old link's plain `email=` is ignored; an altered token is said to be unreadable and fills in nothing.
  await person.goto(`/?product=prod_travel_standard_usd&email=${encodeURIComponent(email)}`);
  await expect(person.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(person.getByText("You were invited as")).toHaveCount(0);
  const token = new URL(url).searchParams.get("invite") ?? "";
  const altered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
  await person.goto(`/?product=prod_travel_standard_usd&invite=${altered}`);
  await expect(person.getByText("This invitation link is incomplete or was changed")).toBeVisible();
  await expect(person.getByText("You were invited as")).toHaveCount(0);
  await expectNoAxeViolations(person);
  await context.close();
});

test("a viewer sees no actions, and the action routes answer 403", async ({ page, request }) => {
  const { id } = await pendingStandard(request);
  await signInOnPage(page, viewer, `/admin/applications/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Actions" })).toHaveCount(0);
  await expect(page.getByRole("button")).not.toContainText(["Issue a new identity-check link", "Mark as failed"]);
  for (const path of ["kyc-link", "resume-link", "retry-card", "fail", "reopen"]) {
    const answer = await page.request.post(`/api/admin/applications/${id}/${path}`, { data: { reason: "Not allowed to do this" } });
    expect(answer.status(), path).toBe(403);
  }
  expect((await page.request.put(`/api/admin/applications/${id}/cardholder`, { data: {} })).status()).toBe(403);
  expect((await page.request.post("/api/admin/invites", { data: { productId: SIMPLIFIED, email: "a@example.com" } })).status()).toBe(403);
  expect((await page.request.get("/admin/invite")).status()).toBe(403);
});
