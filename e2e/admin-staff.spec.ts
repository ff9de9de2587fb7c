import { randomUUID } from "node:crypto";
import type { Browser, Page, TestInfo } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Staff management as an admin does it on /admin/staff, and what each change does to the other person's
// session at once; a staff member's own password; sign-out; the throttle's one generic message.

const FAILED = "Those details did not work. Check them and try again, or wait a few minutes if you tried several times.";

/** A second person in their own browser, with their own client address. */
async function person(browser: Browser, baseURL: string, testInfo: TestInfo, who: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, who) });
  return context.newPage();
}

async function choosePassword(page: Page, link: string, password: string) {
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill(password);
  await page.getByLabel("New password again").fill(password);
  await page.getByRole("button", { name: "Save password" }).click();
  await expect(page.getByText(/Your password is saved/)).toBeVisible();
}

/** The error summary took focus and links to the field with `message`. */
async function expectSummary(page: Page, message: string) {
  const summary = page.getByRole("alert").filter({ has: page.getByRole("link", { name: message }) });
  await expect(summary).toBeFocused();
}

/** The session of `page` has ended: a staff page sends it to the sign-in page. */
async function expectSignedOut(page: Page) {
  await page.goto("/admin/account");
  await expect(page).toHaveURL(/\/admin\/sign-in\?callbackUrl=%2Fadmin%2Faccount$/);
}

test("an admin adds an agent who sets a password and signs in; a role change, disabling and a reset end the agent's session at once", async ({
  page,
  browser,
  baseURL,
  context,
  playwright,
}, testInfo) => {
  test.slow(); // two browsers and a dozen password checks (scrypt) on a shared machine
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const email = `new.agent.${randomUUID().slice(0, 8)}@example.com`;
  // An admin of its own, so that the audit log below can be filtered to this test's changes.
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const keeper = await newStaff(demo, "admin");
  const all = ((await (await demo.get("/api/admin/staff")).json()) as { staff: Array<{ id: string; email: string }> }).staff;
  const keeperId = all.find((s) => s.email === keeper.email)?.id ?? "";
  await demo.dispose();
  await signInOnPage(page, keeper, "/admin/staff");
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();

  // A bad address first: the error summary links to the field, which is described by its error.
  await page.getByLabel("Email address").fill("not-an-email");
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expectSummary(page, "Enter an email address like name@example.com.");
  await expect(page.getByLabel("Email address")).toHaveAttribute("aria-describedby", /new-staff-email-error/);

  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Name").fill("Nadia Agent");
  // A new colleague starts as a Viewer (issue #27, item 11); the hint says what each role may do.
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("viewer");
  await expect(page.getByLabel("Role", { exact: true })).toHaveAccessibleDescription(/Viewer: sees applications .* downloads nothing/);
  await page.getByLabel("Role", { exact: true }).selectOption("agent");
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expect(page.getByRole("status").getByText(`${email} was added.`)).toBeVisible();
  const link = await page.getByLabel(`Set-password link for ${email}`).inputValue();
  await expect(page.getByText(/shown only once and works once, for 7 days/)).toBeVisible();
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  expect(link).toMatch(/\/admin\/set-password\/[\w-]{40,}$/);
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Password not set yet");

  // The same address twice: its own error, tied to the field.
  await page.getByLabel("Email address").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Add staff member" }).click();
  await expectSummary(page, "A staff account with this email address exists already.");
  await expectNoAxeViolations(page);
  // Through the API too, an account added without a role is a Viewer.
  const bare = `bare.${randomUUID().slice(0, 8)}@example.com`;
  expect((await page.request.post("/api/admin/staff", { data: { email: bare } })).status()).toBe(200);
  const listed = (await (await page.request.get("/api/admin/staff")).json()) as { staff: Array<{ email: string; role: string }> };
  expect(listed.staff.find((s) => s.email === bare)?.role).toBe("viewer");
  await saveScreenshot(page, testInfo, "admin-staff");

  const agent = await person(browser, String(baseURL), testInfo, "agent");
  const password = `pw-${randomUUID()}`;
  await choosePassword(agent, link.replace(/^https?:\/\/[^/]+/, ""), password);
  await expectNoAxeViolations(agent);
  await agent.getByRole("link", { name: "Go to sign-in" }).click();
  await signInOnPage(agent, { email, password }, "/admin/account");
  await expect(agent.getByText("Agent", { exact: true })).toBeVisible();
  // A used link says so.
  await agent.goto(link.replace(/^https?:\/\/[^/]+/, ""));
  await expect(agent.getByText("This link no longer works")).toBeVisible();

  // Role change: the agent's session ends at once.
  await page.reload();
  const row = page.getByRole("row", { name: new RegExp(email) });
  await row.getByLabel(`Role of ${email}`).selectOption("viewer");
  await row.getByRole("button", { name: `Change role: ${email}` }).click();
  await expect(page.getByText(`${email} is now Viewer. Their sessions have ended.`)).toBeVisible();
  await expectSignedOut(agent);
  await signInOnPage(agent, { email, password }, "/admin/account");
  await expect(agent.getByText("Viewer", { exact: true })).toBeVisible();

  // Disabling asks first, in the page like other risky actions (cancelled: nothing happens, the focus goes back),
  // then ends the session; the account cannot sign in.
  const disable = row.getByRole("button", { name: `Disable: ${email}` });
  await disable.click();
  const asking = row.getByRole("group", { name: new RegExp(`Disable ${email.replace(/[.+]/g, "\\$&")}\\?`) });
  await expect(asking).toBeFocused();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-staff-confirm-disable");
  await asking.getByRole("button", { name: "Cancel" }).click();
  await expect(asking).toHaveCount(0);
  await expect(disable).toBeFocused();
  await expect(row).toContainText("Active");
  await disable.click();
  await row.getByRole("button", { name: "Yes, disable" }).click();
  await expect(page.getByText(`${email} is disabled. Their sessions have ended.`)).toBeVisible();
  await expect(row).toContainText("Disabled");
  await expectSignedOut(agent);
  await agent.getByLabel("Email address").fill(email);
  await agent.getByLabel("Password").fill(password);
  await agent.getByRole("button", { name: "Sign in" }).click();
  await expect(agent.getByText(FAILED)).toBeVisible();

  // Enabled again, then a password reset: a new one-time link, the old password no longer works.
  await row.getByRole("button", { name: `Enable: ${email}` }).click();
  await expect(page.getByText(`${email} can sign in again.`)).toBeVisible();
  await signInOnPage(agent, { email, password }, "/admin/account");
  await row.getByRole("button", { name: `Reset password: ${email}` }).click();
  await row.getByRole("button", { name: "Yes, reset the password" }).click();
  const resetLink = await page.getByLabel(`Set-password link for ${email}`).inputValue();
  expect(resetLink).toMatch(/\/admin\/set-password\//);
  expect(resetLink).not.toBe(link);
  await expectSignedOut(agent);
  const next = `pw-${randomUUID()}`;
  await choosePassword(agent, resetLink.replace(/^https?:\/\/[^/]+/, ""), next);
  await signInOnPage(agent, { email, password: next }, "/admin");

  // Each change is in the audit log, newest first, with what changed and whether sessions ended.
  await page.goto(`/admin/audit?action=staff.changed&staff=${keeperId}`);
  const changes = page.getByRole("region", { name: "Audit entries" }).getByRole("row").filter({ hasText: email });
  await expect(changes).toHaveCount(3);
  // The detail in words, not raw keys (issue #27, item 12).
  for (const [n, change] of [
    [0, "Disabled: false"],
    [1, "Disabled: true"],
    [2, "Role: viewer"],
  ] as const) {
    await expect(changes.nth(n)).toContainText(change);
    await expect(changes.nth(n)).toContainText("Sessions ended: true");
    await expect(changes.nth(n)).not.toContainText("sessions_ended");
  }
  await page.goto(`/admin/audit?action=staff.password_reset&staff=${keeperId}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toHaveCount(1);

  await page.goto("/admin/staff");
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "员工", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-staff-zh-tablet");
  await agent.context().close();
});

test("a staff member changes their own password (every session ends), signs in with it, and signs out", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const me = await newStaff(admin, "viewer", "Vera Viewer");
  await signInOnPage(page, me, "/admin/account");
  await expect(page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
  await expect(page.getByText("Vera Viewer", { exact: true })).toBeVisible();

  await page.getByLabel("Current password").fill("not-my-password");
  await page.getByLabel("New password", { exact: true }).fill("short");
  await page.getByRole("button", { name: "Change password" }).click();
  await expectSummary(page, "Use 12 to 256 characters.");
  const next = `pw-${randomUUID()}`;
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("New password again").fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expectSummary(page, "This is not your current password.");
  await expect(page.getByLabel("Current password")).toHaveAttribute("aria-describedby", "password-current-error");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-account-errors");

  await page.getByLabel("Current password").fill(me.password);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your password has been changed. Sign in again with the new one.")).toBeVisible();
  await expectSignedOut(page);
  await signInOnPage(page, { email: me.email, password: next }, "/admin/account");

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  await expectSignedOut(page);
  await admin.dispose();
});

test("repeated failed sign-ins are throttled behind the one generic message", async ({ page, playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const target = await newStaff(admin, "agent");
  await page.goto("/admin/sign-in");
  const attempt = async (password: string) => {
    await page.getByLabel("Email address").fill(target.email);
    await page.getByLabel("Password").fill(password);
    const answered = page.waitForResponse((r) => r.url().includes("/api/auth/callback/credentials"));
    await page.getByRole("button", { name: "Sign in" }).click();
    await answered;
    await expect(page.getByText(FAILED)).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in" })).toBeEnabled();
  };
  for (let i = 0; i < 5; i++) await attempt(`wrong-${i}-password`);
  // The right password now gets the same message: the account is throttled, and nothing says so.
  await attempt(target.password);
  await expect(page).toHaveURL(/\/admin\/sign-in/);
  expect((await (await page.request.get("/api/auth/session")).json()) as object).not.toHaveProperty("staff");
  await admin.dispose();
});

test("the staff list fits a phone: its tables scroll in their own box @phone", async ({ page }) => {
  await signInOnPage(page, DEMO_ADMIN, "/admin/staff");
  await expect(page.getByRole("heading", { name: "Staff", level: 1 })).toBeVisible();
  // A row's role select has a screen-reader-only label (position: absolute): it once widened the page to 835 px.
  const [scrollWidth, innerWidth] = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
});
