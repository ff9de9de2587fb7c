import type { Page, PlaywrightWorkerArgs } from "@playwright/test";
import { staffClockOf, staffTimeFormat } from "../lib/admin/clock";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { SIMPLIFIED, startDraft } from "./support/applicant";
import { section } from "./support/case-page";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// One clock (issue #27, item 6): a staff member's browser in New York gives the account its zone at the first
// sign-in, every time of the staff area is shown in it and names it, and a resume link's expiry is the timeline's
// time of its issue plus the link's 14 days, in that same zone. The account page changes the zone.

const ZONE = "America/New_York";
const RESUME_LIFE_MS = 14 * 86_400_000;
test.use({ timezoneId: ZONE });

/** A new agent of this test (no zone yet), signed in on the account page once the browser's zone is kept. */
async function agentInNewYork(page: Page, playwright: PlaywrightWorkerArgs["playwright"], baseURL: string, key: string) {
  const admin = await staffApi(playwright, baseURL, DEMO_ADMIN, { "x-forwarded-for": key });
  const agent = await newStaff(admin, "agent");
  await admin.dispose();
  await signInOnPage(page, agent, "/admin/account");
  // The first page was shown in UTC; the browser's zone is sent once and the page is shown again in it.
  await expect(page.getByTestId("account-zone-now")).toHaveText(`Times are shown in ${ZONE}.`);
  return agent;
}

const flat = (text: string | null) => (text ?? "").replace(/\s+/g, " ").trim();

test("a resume link's shown expiry is its issue time on the timeline plus its life, in the staff member's zone @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  await agentInNewYork(page, playwright, String(baseURL), clientHeaders(testInfo, "admin")["x-forwarded-for"]);
  const id = await startDraft(request, SIMPLIFIED);
  await page.goto(`/admin/applications/${id}`);
  const resume = section(page, "Resume link");
  await resume.getByRole("button", { name: "Copy a fresh resume link" }).click();
  await expect(resume.getByLabel("New resume link")).toHaveValue(/\/apply\/resume\//);
  const expiry = flat(await resume.getByText(/^Valid until /).textContent()).replace(/^Valid until /, "");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-clock-link");

  await page.reload();
  const entry = page.getByRole("listitem").filter({ hasText: "issued a resume link" });
  await expect(entry).toHaveCount(1);
  const time = entry.locator("time");
  const issuedAt = Date.parse((await time.getAttribute("datetime")) ?? "");
  const newYork = staffTimeFormat(staffClockOf("en", ZONE), "second");
  // Both in New York's time, each naming the zone (EST or EDT, whichever applies on its day).
  expect(flat(await time.textContent())).toBe(flat(newYork.format(issuedAt)));
  expect(expiry).toBe(flat(newYork.format(issuedAt + RESUME_LIFE_MS)));
  expect(expiry).toMatch(/ E[SD]T$/);
});

test("the account page changes the zone, with the error summary of the other forms there @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  await agentInNewYork(page, playwright, String(baseURL), clientHeaders(testInfo, "admin")["x-forwarded-for"]);
  const zone = page.getByLabel("Time zone", { exact: true });
  await expect(zone).toHaveValue(ZONE);
  await zone.selectOption("");
  await page.getByRole("button", { name: "Save time zone" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary.getByRole("link", { name: "Choose a time zone from the list, such as Europe/Paris or UTC." })).toBeVisible();
  await expectNoAxeViolations(page);

  await zone.selectOption("Europe/Paris");
  await page.getByRole("button", { name: "Save time zone" }).click();
  await expect(page.getByText("Saved: times are now shown in Europe/Paris.")).toBeVisible();
  await expect(page.getByTestId("account-zone-now")).toHaveText("Times are shown in Europe/Paris.");
  await saveScreenshot(page, testInfo, "admin-clock-account");

  // The times of the staff area follow: the timeline of a new application reads in Paris's time, and the filters say so.
  const id = await startDraft(request, SIMPLIFIED);
  await page.goto(`/admin/applications/${id}`);
  await expect(page.locator('[aria-labelledby="case-timeline"] time').first()).toHaveText(/GMT\+[12]$/);
  await page.goto("/admin/transactions");
  await expect(page.getByText("Days in Europe/Paris").first()).toBeVisible();

  await page.goto("/admin/account");
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByTestId("account-zone-now")).toHaveText("时间按 Europe/Paris 显示。");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-clock-account-zh");
});

test("POST /api/admin/account/time-zone: viewers may set their own, a name that is no zone changes nothing", async ({
  playwright,
  baseURL,
  request,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const login = await newStaff(admin, "viewer");
  const viewer = await staffApi(playwright, String(baseURL), login, clientHeaders(testInfo, "viewer"));
  const route = "/api/admin/account/time-zone";

  const anonymous = await request.post(route, { data: { timeZone: "Europe/Paris" } });
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toMatchObject({ error: { code: "UNAUTHORIZED" } });

  const set = await viewer.post(route, { data: { timeZone: "Asia/Tokyo", source: "account" } });
  expect(set.status(), await set.text()).toBe(200);
  expect(await set.json()).toEqual({ timeZone: "Asia/Tokyo", changed: true });
  // The browser's guess never overrides a chosen zone.
  expect(await (await viewer.post(route, { data: { timeZone: "Europe/Paris", source: "browser" } })).json()).toMatchObject({
    changed: false,
  });

  for (const timeZone of ["Mars/Olympus_Mons", "+02:00", ""]) {
    const refused = await viewer.post(route, { data: { timeZone, source: "account" } });
    expect(refused.status(), timeZone).toBe(422);
    expect(await refused.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { timeZone: "errors.staff.time_zone" } } });
  }
  expect(await (await viewer.get("/admin/account")).text()).toContain("Times are shown in Asia/Tokyo.");
  await Promise.all([admin.dispose(), viewer.dispose()]);
});
