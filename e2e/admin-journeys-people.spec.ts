import { randomInt } from "node:crypto";
import { readFileSync } from "node:fs";
import { staffClockOf, staffTimeFormat } from "../lib/admin/clock";
import { referenceOf } from "../lib/applications/reference";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, SIMPLIFIED, startDraft, submit } from "./support/applicant";
import { section } from "./support/case-page";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { ABOUT_YOU, saveStep } from "./support/seed";
import { signInOnPage, staffApi } from "./support/staff";
import { headerSearch, letters, staffMember, summaryValue } from "./support/staff-journey";
import { clientHeaders, expect, test } from "./support/test";

// Issue #27's ops journeys about people ("Done when", first line), as an ops person does them, at desktop and phone
// size: find a person who phoned, unblock an application stuck on its identity check, export and erase a person's
// data, onboard a viewer. Set-up goes through the APIs; the staff member's part goes through the pages.

/** A sandbox identity-check link lives 30 minutes (docs/sandbox.md, "KYC link"). */
const KYC_LINK_LIFE_MS = 30 * 60_000;
/** A staff zone with a half-hour offset: a time shown in UTC or in the browser's zone (UTC here) cannot pass. */
const AGENT_ZONE = "Asia/Kolkata";

const flat = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

test("find a person who phoned @phone", async ({ page, request, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000); // an onboarding through to a card, with its identity check
  const local = String(randomInt(1000, 9999));
  const planted = { ...plantedValues(`CALL${letters(4).toUpperCase()}`), mobile: `202555${local}` };
  const { id } = await onboardThroughApi(request, String(baseURL), planted);
  const name = `Ada ${planted.lastName}`;
  const reference = referenceOf(id);
  const agent = await staffMember(playwright, String(baseURL), testInfo, "agent");

  await signInOnPage(page, agent, "/admin");
  // The caller gives the number with the country code and punctuation; the form had stored the national digits.
  await headerSearch(page, `+1 (202) 555-${local}`);
  await expect(page.getByTestId("search-read-as")).toHaveText(`Searched for “+1 (202) 555-${local}”, read as a phone number.`);
  const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: id });
  await expect(row.getByRole("link", { name: reference, exact: true })).toBeVisible();
  await expect(row).toContainText(name);
  await expect(row).toContainText("Card issued");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-phoned-results");

  await row.getByRole("link", { name: reference, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(summaryValue(page, "Applicant")).toHaveText(name);
  await expect(summaryValue(page, "Applicant's reference")).toHaveText(reference);
  await expect(summaryValue(page, "State")).toHaveText("Card issued");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-phoned-case");
});

test("unblock a stuck application @phone", async ({ page, request, browser, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const phone = testInfo.project.name.startsWith("phone");
  // Set-up: an application submitted and waiting for its identity check; an agent whose zone is Kolkata.
  const surname = `Stuckley${letters(6)}`;
  const id = await startDraft(request);
  await fillStandard(request, id);
  await saveStep(request, id, "about-you", { ...ABOUT_YOU, last_name: surname });
  expect(await submit(request, id)).toBe("kyc_pending");
  const agent = await staffMember(playwright, String(baseURL), testInfo, "agent");
  const agentApi = await staffApi(playwright, String(baseURL), agent, clientHeaders(testInfo, "agent"));
  const zoned = await agentApi.post("/api/admin/account/time-zone", { data: { timeZone: AGENT_ZONE, source: "account" } });
  expect(zoned.status(), await zoned.text()).toBe(200);
  await agentApi.dispose();

  // The queue, filtered to the applications waiting for the identity check, then to this person.
  await signInOnPage(page, agent, "/admin/applications");
  await page
    .getByRole("navigation", { name: "Applications by state" })
    .getByRole("link", { name: /^Waiting for the identity check/ })
    .click();
  await expect(page).toHaveURL(/[?&]state=kyc_pending/);
  // On a phone the filters are folded behind a button (the tabs above stay out).
  if (phone) await page.getByRole("button", { name: "Filters" }).click();
  await page.getByLabel("Search", { exact: true }).fill(surname);
  await page.getByRole("button", { name: "Show applications" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${surname}`));
  await expect(page).toHaveURL(/state=kyc_pending/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-stuck-queue");
  await page.getByRole("link", { name: `Ada ${surname}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}\\?back=`));
  await expect(summaryValue(page, "State")).toHaveText("Waiting for the identity check");

  // A new identity-check link: its expiry is the timeline's time of its issue plus the link's life, in Kolkata.
  const kyc = section(page, "Identity-check link");
  await kyc.getByRole("button", { name: "Issue a new identity-check link" }).click();
  const link = kyc.getByLabel("New identity-check link");
  await expect(link).toHaveValue(/\/sandbox\/kyc\//);
  const url = await link.inputValue();
  const expiry = flat(await kyc.getByText(/^Valid until /).textContent()).replace(/^Valid until /, "");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-stuck-link");
  await page.reload();
  const entry = page
    .getByRole("region", { name: "Timeline" })
    .getByRole("listitem")
    .filter({ hasText: "issued a new identity-check link" });
  await expect(entry).toHaveCount(1);
  const time = entry.locator("time");
  const issuedAt = Date.parse((await time.getAttribute("datetime")) ?? "");
  const kolkata = staffTimeFormat(staffClockOf("en", AGENT_ZONE), "second");
  expect(flat(await time.textContent())).toBe(flat(kolkata.format(issuedAt)));
  // The issuer dates the link by its clock, to the whole second, a moment before the portal records the issue: the
  // expiry is the timeline's time plus the life, or a second less when a second began in that moment.
  const expected = [issuedAt, issuedAt - 1_000].map((at) => flat(kolkata.format(at + KYC_LINK_LIFE_MS)));
  expect(expected).toContain(expiry);
  expect(expiry).toMatch(/ GMT\+5:30$/);

  // The applicant opens the link on their own phone and passes the check; the case moves on by itself.
  const applicant = await browser.newContext({ extraHTTPHeaders: clientHeaders(testInfo, "applicant") });
  const person = await applicant.newPage();
  await person.goto(url);
  await person.getByRole("button", { name: "Approve", exact: true }).click();
  await expect(person.getByRole("heading", { level: 1 })).toHaveText("Verification approved");
  await applicant.close();
  await expect(async () => {
    await page.reload();
    await expect(summaryValue(page, "State")).toHaveText("Card issued", { timeout: 1_000 });
  }).toPass({ timeout: 45_000 });
  await expect(summaryValue(page, "What blocks it")).toHaveText("Nothing: the card is issued.");
  await expect(page.getByTestId("case-card")).toHaveText(/^card_/);
  await saveScreenshot(page, testInfo, "journey-stuck-unblocked");
});

type Exported = { applications: Array<{ application: { id: string }; answers: Record<string, unknown> }> };

test("a person's export and erasure @phone", async ({ page, request, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  const planted = plantedValues(`ERASE${letters(4).toUpperCase()}`);
  const { id } = await onboardThroughApi(request, String(baseURL), planted);
  const name = `Ada ${planted.lastName}`;
  const admin = await staffMember(playwright, String(baseURL), testInfo, "admin");

  // The person wrote from their email address: the admin finds them by it.
  await signInOnPage(page, admin, "/admin");
  await headerSearch(page, planted.email);
  const row = page.getByRole("table", { name: "Applications" }).getByRole("row").filter({ hasText: id });
  await expect(row).toContainText(name);
  await row.getByRole("link", { name: referenceOf(id), exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await page.getByRole("link", { name: "Export or erase this applicant's data" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Export or erase this person's data" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Applications of this person" }).getByRole("link", { name: id })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-privacy");

  // The export holds their application and their answers.
  const downloaded = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the data (JSON)" }).click();
  const file = JSON.parse(readFileSync(await (await downloaded).path(), "utf8")) as Exported;
  expect(file.applications.map((a) => a.application.id)).toEqual([id]);
  expect(file.applications[0]?.answers).toMatchObject({ first_name: "Ada", last_name: planted.lastName, email: planted.email });

  // Erased with the in-page confirmation.
  await page.getByLabel("Reason").fill("Request by email of 26 November 2026");
  await page.getByLabel("Type the application id to confirm").fill(id);
  await page.getByRole("button", { name: "Erase this person's data" }).click();
  await expect(page.getByText("The applicant's data was erased.")).toBeVisible();
  await saveScreenshot(page, testInfo, "journey-privacy-erased");

  // The application page says so and offers nothing to do; the name is gone from it.
  await page.getByRole("link", { name: "Back to the application" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await expect(page.getByText("This applicant's data was erased", { exact: true })).toBeVisible();
  await expect(page.getByText("No action applies to this application in its current state.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("button")).toHaveCount(0);
  await expect(page.getByRole("main")).not.toContainText(planted.lastName);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-privacy-case");

  // Their email no longer finds them.
  await headerSearch(page, planted.email);
  await expect(page.getByTestId("search-read-as")).toHaveText(`Nothing found for “${planted.email}” read as an email address.`);
  await expect(page.getByRole("main")).not.toContainText(planted.lastName);
});

test("onboarding a viewer @phone", async ({ page, browser, request, playwright, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  // Set-up: an admin, and an application the new colleague will read.
  const surname = `Viewley${letters(6)}`;
  const id = await startDraft(request, SIMPLIFIED);
  await saveStep(request, id, "about-you", { first_name: "Ada", last_name: surname });
  const admin = await staffMember(playwright, String(baseURL), testInfo, "admin");
  // A long address, as some are: the pages must wrap it on a phone.
  const email = `vera.viewley.${letters(8)}@operations.example.com`;

  // The admin adds the colleague; the role is left as it comes: Viewer.
  await signInOnPage(page, admin, "/admin/staff");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill(`Vera ${surname}`);
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("viewer");
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByRole("status").getByText(`${email} was added.`)).toBeVisible();
  const link = await page.getByLabel(`Set-password link for ${email}`).inputValue();
  expect(link).toMatch(/\/admin\/set-password\/[\w-]{40,}$/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-viewer-added");

  // The colleague, in a browser of their own, sets a password and signs in.
  const theirs = await browser.newContext({ extraHTTPHeaders: clientHeaders(testInfo, "colleague") });
  const colleague = await theirs.newPage();
  await colleague.goto(link);
  const password = `pw-${letters(12)}-${letters(12)}`;
  await colleague.getByLabel("New password", { exact: true }).fill(password);
  await colleague.getByLabel("New password again").fill(password);
  await colleague.getByRole("button", { name: "Save password" }).click();
  await expect(colleague.getByText(`Your password is saved. You can now sign in with ${email}.`)).toBeVisible();
  await colleague.getByRole("link", { name: "Go to sign-in" }).click();
  await colleague.getByLabel("Email address").fill(email);
  await colleague.getByLabel("Password").fill(password);
  await colleague.getByRole("button", { name: "Sign in" }).click();
  await expect(colleague).toHaveURL(/\/admin$/);
  await expect(colleague.getByRole("heading", { level: 1, name: "Operations dashboard" })).toBeVisible();
  await expect(colleague.getByText(`Signed in as Vera ${surname} (Viewer)`)).toBeVisible();

  // The queue: read, with no selection for bulk work and no download.
  await colleague.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Applications" }).click();
  await expect(colleague.getByRole("heading", { level: 1, name: "Applications" })).toBeVisible();
  await expect(colleague.getByRole("table", { name: "Applications matching the filters" }).getByRole("row").nth(1)).toBeVisible();
  await expect(colleague.getByRole("link", { name: /\(CSV\)/ })).toHaveCount(0);
  await expect(colleague.getByRole("checkbox", { name: "Select all on this page" })).toHaveCount(0);
  await expectNoAxeViolations(colleague);
  await saveScreenshot(colleague, testInfo, "journey-viewer-queue");

  // A case: every part readable, no action at all.
  await headerSearch(colleague, surname);
  await colleague
    .getByRole("table", { name: "Applications" })
    .getByRole("link", { name: referenceOf(id), exact: true })
    .click();
  await expect(colleague.getByRole("heading", { level: 1 })).toHaveText(`Ada ${surname}`);
  await expect(summaryValue(colleague, "State")).toHaveText("Being filled in");
  await expect(colleague.getByRole("heading", { name: "Actions" })).toHaveCount(0);
  await expect(colleague.getByRole("main").getByRole("button")).toHaveCount(0);
  await expect(colleague.getByLabel("Internal note")).toHaveCount(0);
  await expectNoAxeViolations(colleague);
  await saveScreenshot(colleague, testInfo, "journey-viewer-case");

  // The audit log (it has rows: their own sign-in) offers no download either.
  await colleague.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Audit log" }).click();
  await expect(colleague.getByRole("region", { name: "Audit entries" }).getByRole("row").nth(1)).toBeVisible();
  await expect(colleague.getByRole("link", { name: /\(CSV\)/ })).toHaveCount(0);
  await theirs.close();

  // The admin's list shows them as an active Viewer who has signed in.
  await page.reload();
  const listed = page.getByRole("row", { name: new RegExp(email.replace(/\./g, "\\.")) });
  await expect(listed.getByRole("cell", { name: "Viewer", exact: true })).toBeVisible();
  await expect(listed).toContainText("Active");
  await expect(listed).not.toContainText("Password not set yet");
});
