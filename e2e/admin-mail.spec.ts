import { randomUUID } from "node:crypto";
import type { APIRequestContext, PlaywrightWorkerArgs, TestInfo } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { linksOfMail, openMail } from "./support/mailbox";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Staff and email: a colleague joins from the invitation email alone; a re-issued link is sent to the applicant and
// shows in the application's timeline and the outbox. Inboxes are read at /sandbox/mail, in browsers of their own.

test("a new colleague accepts the invitation from the email alone", async ({ page, browser, baseURL, playwright }, testInfo) => {
  test.slow(); // two browsers and password hashing on a shared machine
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const admin = await newStaff(demo, "admin");
  await demo.dispose();
  await signInOnPage(page, admin, "/admin/staff");
  const email = `invited.${randomUUID().slice(0, 8)}@example.com`;
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Ines Invited");
  await page.getByLabel("Role", { exact: true }).selectOption("agent");
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByText(`We emailed the link to ${email}.`)).toBeVisible();

  // The colleague has nothing but their inbox.
  const colleague = await (await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "colleague") })).newPage();
  await openMail(colleague, email, "Your staff account on the Card portal (sandbox) card portal", { testInfo, name: "staff-invite" });
  await expect(colleague.getByTestId("mail-text")).toContainText("A staff account was made for you (agent).");
  const [link] = await linksOfMail(colleague, /\/admin\/set-password\//);
  await colleague.getByTestId("mail-link").filter({ hasText: "/admin/set-password/" }).click();
  await expect(colleague).toHaveURL(link!);
  const password = `pw-${randomUUID()}`;
  await colleague.getByLabel("New password", { exact: true }).fill(password);
  await colleague.getByLabel("New password again").fill(password);
  await colleague.getByRole("button", { name: "Save password" }).click();
  await expect(colleague.getByText(/Your password is saved/)).toBeVisible();
  await colleague.getByRole("link", { name: "Go to sign-in" }).click();
  await signInOnPage(colleague, { email, password }, "/admin/account");
  await expect(colleague.getByText("Agent", { exact: true })).toBeVisible();

  // A reset goes the same way: the new link by email, the old password gone.
  await page.reload();
  const colleagueRow = page.getByRole("row", { name: new RegExp(email) });
  await colleagueRow.getByRole("button", { name: `Reset password: ${email}` }).click();
  await colleagueRow.getByRole("button", { name: "Yes, reset the password" }).click();
  await expect(page.getByText(`We emailed the link to ${email}.`)).toBeVisible();
  await openMail(colleague, email, "Choose a new password for the Card portal (sandbox) card portal", {
    testInfo,
    name: "staff-password-reset",
  });
  const [reset] = await linksOfMail(colleague, /\/admin\/set-password\//);
  expect(reset).not.toBe(link);
  await colleague.context().close();
});

test("a fresh resume link goes to the applicant by email, shows in the timeline and the outbox @phone", async ({
  page,
  browser,
  request,
  baseURL,
  playwright,
}, testInfo) => {
  test.slow();
  // The applicant: a draft with its contact details saved.
  const applicant = `linked.${randomUUID().slice(0, 8)}@example.com`;
  const id = await draftWithContact(request, applicant, "Grace");
  await signInOnPage(page, await newAgent(playwright, String(baseURL), testInfo), `/admin/applications/${id}`);
  await page.getByRole("button", { name: "Copy a fresh resume link" }).click();
  const issued = await page.getByLabel("New resume link").inputValue();
  await page.getByRole("button", { name: "Send to applicant" }).click();
  await expect(page.getByText("We are emailing the link to l•••@example.com; the timeline shows when it was sent.")).toBeVisible();

  // The applicant's inbox has the very link staff issued.
  const inbox = await (await browser.newContext({ baseURL })).newPage();
  await openMail(inbox, applicant, "Your link to continue your Card portal (sandbox) card application", {
    testInfo,
    name: `staff-link-${testInfo.project.name}`,
  });
  expect(await linksOfMail(inbox, /\/apply\/resume\//)).toEqual([issued]);
  await inbox.context().close();

  // The timeline and the outbox say it was sent, with the address masked and no link.
  await page.reload();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline).toContainText("Your link to continue your Card portal (sandbox) card application");
  await expect(timeline).toContainText("l•••@example.com");
  await expect(timeline).not.toContainText(issued);
  // The application links its emails in the outbox, and the outbox links back (issue #27, item 4).
  await page.getByTestId("case-mail").click();
  await expect(page.getByTestId("mail-of-application")).toBeVisible();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one email
  await page.getByTestId("mail-of-application").getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await page.goto("/admin/mail");
  await expect(page.getByRole("heading", { name: "Emails", level: 1 })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "l•••@example.com" }).filter({ hasText: "Your link to continue" });
  await expect(row.first()).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `admin-mail-${testInfo.project.name}`);
});

test("an address the mail server refuses is shown to staff as bad, with the server's answer, on a page that fits @phone", async ({
  page,
  request,
  baseURL,
  playwright,
}, testInfo) => {
  test.slow();
  // The sandbox's catcher refuses every mailbox at bounce.example (550 5.1.1), as a real server an unknown one.
  const applicant = `gone.${randomUUID().slice(0, 8)}@bounce.example`;
  const id = await draftWithContact(request, applicant, "Ada");
  await signInOnPage(page, await newAgent(playwright, String(baseURL), testInfo), `/admin/applications/${id}`);
  await page.getByRole("button", { name: "Copy a fresh resume link" }).click();
  await page.getByRole("button", { name: "Send to applicant" }).click();
  await expect(page.getByText(/We are emailing the link to g•••@bounce\.example/)).toBeVisible();

  // The failed tab lists it once the sender has tried: the reason in words, then the server's own answer.
  const row = page.getByRole("row").filter({ hasText: "g•••@bounce.example" });
  await expect(async () => {
    await page.goto("/admin/mail?state=failed");
    await expect(row.first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row.first()).toContainText("Invalid or bouncing address");
  await expect(row.first()).toContainText("550");
  await expect(row.first().getByRole("button", { name: /^Resend/ })).toBeVisible();
  // The server's answer once sat in a column of its own, which pushed the page past a phone's width.
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0]).toBeLessThanOrEqual(widths[1]!);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `admin-mail-bounced-${testInfo.project.name}`);
});

/** A draft with its name and contact details saved (the resume link can then be emailed); answers its id. */
async function draftWithContact(request: APIRequestContext, email: string, firstName: string): Promise<string> {
  const started = await request.post("/api/applications", { data: { productId: "prod_virtual_simplified_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  for (const [step, values] of [
    ["about-you", { first_name: firstName, last_name: "Hopper" }],
    ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
  ] as const) {
    expect((await request.put(`/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
  }
  return id;
}

/** A new agent account, made by the demo admin. */
async function newAgent(playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, testInfo: TestInfo) {
  const demo = await staffApi(playwright, baseURL, DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const agent = await newStaff(demo, "agent");
  await demo.dispose();
  return agent;
}
