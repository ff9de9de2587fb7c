import type { Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { SIMPLIFIED } from "./support/applicant";
import { saveStep, useChinese } from "./support/seed";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #27 item 9, queue work: paging back as well as forward, "Back to the applications" keeping the view, a skip
// link to the results (the first row in a couple of tabs), the filters folded behind a button on a phone, bulk
// resolve of selected rows (partial success said as such).

const ROWS = 52;
const unique = Date.now().toString(36).replace(/\d/g, "");

/** The application ids of the rows shown, in order (each row's link to its page). */
const rowIds = (page: Page) =>
  page
    .getByRole("region", { name: "Applications matching the filters" })
    .locator('tbody a[href^="/admin/applications/app_"]')
    .evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.split("/").pop() ?? ""));

test("the queue pages back, the back link keeps the view, a skip link reaches the first row @phone", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  // Fifty-two people of one surname: two pages of this search. Starts are limited per address: a few addresses.
  test.setTimeout(180_000);
  const phone = testInfo.project.name.startsWith("phone");
  // A name is searched by its first 12 letters: what tells the runs apart comes first.
  const surname = `${phone ? "Ph" : "Dk"}${unique.slice(0, 8)}wright`;
  const created: string[] = [];
  for (let batch = 0; created.length < ROWS; batch++) {
    const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, `batch${batch}`) });
    for (let i = 0; i < 15 && created.length < ROWS; i++) {
      const started = await api.post("/api/applications", { data: { productId: SIMPLIFIED } });
      expect(started.status(), await started.text()).toBe(201);
      const id = ((await started.json()) as { application: { id: string } }).application.id;
      await saveStep(api, id, "about-you", { first_name: "Ada", last_name: surname });
      created.push(id);
    }
    await api.dispose();
  }
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  const view = `/admin/applications?q=${surname}&sort=created_asc`;
  await signInOnPage(page, agent, view);

  // The first page: no way back; oldest first, so the first fifty people created.
  const first = await rowIds(page);
  expect(first).toEqual(created.slice(0, 50));
  await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  // On a phone the filters wait behind a button that counts them; from the tablet width up they are open.
  const toggle = page.getByRole("button", { name: "Filters (1 active)" });
  const search = page.getByLabel("Search", { exact: true });
  if (phone) {
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(search).toBeHidden();
    await expectNoAxeViolations(page);
    await saveScreenshot(page, testInfo, "admin-queue-work-folded");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(search).toHaveValue(surname);
    await saveScreenshot(page, testInfo, "admin-queue-work-unfolded");
  } else {
    await expect(toggle).toBeHidden();
    await expect(search).toHaveValue(surname);
  }

  // The first row by keyboard, from a fresh load: the page's skip link, then this one, then the row.
  await page.goto(view);
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveText("Skip to main content");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveText("Skip to results");
  await expect(page.locator(":focus")).toBeVisible();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(page.locator(":focus")).toHaveAccessibleName(`Select Ada ${surname}`);
  await expect(page.locator(":focus")).toHaveAttribute("id", `pick-${first[0]}`);

  // Forward, then back: the same first page, which has no back link.
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/after=/);
  const second = await rowIds(page);
  expect(second).toEqual(created.slice(50));
  const secondUrl = page.url();
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(page).toHaveURL(/before=/);
  expect(await rowIds(page)).toEqual(first);
  await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Next page" })).toBeVisible();

  // An application opened from the second page leads back to that page, its search and its order.
  await page.goto(secondUrl);
  await page
    .getByRole("link", { name: `Ada ${surname}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Ada ${surname}` })).toBeVisible();
  await page.getByRole("link", { name: "Back to the applications" }).click();
  await expect(page).toHaveURL(secondUrl);
  expect(await rowIds(page)).toEqual(second);

  // A hostile back parameter leads to the queue, and nowhere else.
  await page.goto(`/admin/applications/${first[0]}?back=${encodeURIComponent("state=failed&next=https://evil.example")}`);
  await expect(page.getByRole("link", { name: "Back to the applications" })).toHaveAttribute("href", "/admin/applications?state=failed");
  await page.goto(`/admin/applications/${first[0]}?back=${encodeURIComponent("//evil.example/x")}`);
  await expect(page.getByRole("link", { name: "Back to the applications" })).toHaveAttribute("href", "/admin/applications");

  await page.goto(secondUrl);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-queue-work-second-page");
  await useChinese(page.context(), baseURL);
  await page.goto(view);
  await expect(page.getByRole("link", { name: "下一页" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-queue-work-zh");
  await admin.dispose();
});

test("an agent resolves selected rows at once; a row someone resolved meanwhile is said to be unchanged", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const surname = `Bk${unique.slice(0, 8)}wright`;
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const started = await request.post("/api/applications", { data: { productId: SIMPLIFIED } });
    expect(started.status(), await started.text()).toBe(201);
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    await saveStep(request, id, "about-you", { first_name: "Ada", last_name: surname });
    const failed = await admin.post(`/api/admin/applications/${id}/fail`, { data: { reason: "The applicant asked us to stop" } });
    expect(failed.status(), await failed.text()).toBe(200);
    ids.push(id);
  }
  // A viewer may not act on many rows any more than on one.
  const viewer = await staffApi(playwright, String(baseURL), await newStaff(admin, "viewer"), clientHeaders(testInfo, "viewer"));
  const refused = await viewer.post("/api/admin/applications/bulk", { data: { action: "resolve", ids, reason: "acknowledged" } });
  expect(refused.status()).toBe(403);

  await signInOnPage(page, agent, "/admin");
  const before = Number((await page.getByTestId("attention-total").innerText()).replace(/\D/g, ""));
  await page.goto(`/admin/applications?q=${surname}&attention=1`);
  const bar = page.getByRole("region", { name: "Work on the selected applications" });
  await bar.getByLabel("Select all on this page").check();
  await expect(bar.getByTestId("bulk-count")).toHaveText("3 selected");
  await page.getByLabel(`Select Ada ${surname}`).first().uncheck();
  await expect(bar.getByTestId("bulk-count")).toHaveText("2 selected");
  await page.getByLabel(`Select Ada ${surname}`).first().check();
  await expectNoAxeViolations(page);

  // A colleague takes one off the list while this page is open: that row is refused, the others done.
  const aside = await admin.post(`/api/admin/applications/${ids[0]}/attention`, { data: { reason: "contacted" } });
  expect(aside.status(), await aside.text()).toBe(200);
  await bar.getByLabel("Why it needs nobody now").selectOption("closed_as_expected");
  await bar.getByRole("button", { name: "Take the selected off the needs-attention list" }).click();
  await expect(bar.getByText("Taken off the needs-attention list: 2")).toBeVisible();
  await expect(bar.getByText("Not changed: 1")).toBeVisible();
  await expect(bar.getByText(`Ada ${surname}: it does not need attention now, or it changed a moment ago`)).toBeVisible();
  await expect(page.getByRole("region", { name: "Applications matching the filters" })).toHaveCount(0);
  await saveScreenshot(page, testInfo, "admin-queue-work-bulk");

  // Audited once per row; the dashboard's count is down by the three.
  for (const id of ids.slice(1)) {
    const audit = await admin.get(`/api/admin/audit/export?action=application.attention_resolved&application=${id}`);
    const rows = (await audit.text()).split("\n").filter((l) => l.includes(id));
    expect(rows.length, id).toBe(1);
    expect(rows[0]).toContain(agent.email);
  }
  await page.goto("/admin");
  expect(Number((await page.getByTestId("attention-total").innerText()).replace(/\D/g, ""))).toBe(before - 3);
  await admin.dispose();
  await viewer.dispose();
});

test("a viewer saves the queue's filters as a named view, opens it again, and deletes it @phone", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const viewer = await newStaff(admin, "viewer");
  await admin.dispose();
  // No filter: nothing to save, so no form.
  await signInOnPage(page, viewer, "/admin/applications");
  await expect(page.getByRole("button", { name: "Save this view" })).toHaveCount(0);

  await page.goto("/admin/applications?attention=1&sort=since_asc&after=ignored");
  const name = page.getByLabel("Name of this view");
  await page.getByRole("button", { name: "Save this view" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "Enter a name for this view." })).toBeVisible();
  await name.fill("Oldest needing a person");
  await page.getByRole("button", { name: "Save this view" }).click();
  await expect(page.getByRole("status").getByText("Saved as “Oldest needing a person”.")).toBeVisible();
  const views = page.getByRole("list", { name: "Saved views" });
  const link = views.getByRole("link", { name: "Oldest needing a person" });
  await expect(link).toHaveAttribute("href", "/admin/applications?attention=1&sort=since_asc");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, `admin-queue-saved-view-${testInfo.project.name}`);

  // The same name in another case is refused, tied to the field.
  await name.fill("OLDEST NEEDING A PERSON");
  await page.getByRole("button", { name: "Save this view" }).click();
  await expect(page.getByRole("alert").getByRole("link", { name: "You have a view with this name already." })).toBeVisible();

  // From the plain queue, the view opens its filters again, marked as the current one.
  await page.goto("/admin/applications");
  await views.getByRole("link", { name: "Oldest needing a person" }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?attention=1&sort=since_asc$/);
  await expect(views.getByRole("link", { name: "Oldest needing a person" })).toHaveAttribute("aria-current", "page");

  // Deleted: gone from the list.
  await views.getByRole("button", { name: "Delete the view Oldest needing a person" }).click();
  await expect(page.getByRole("status").getByText("The view “Oldest needing a person” was deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Oldest needing a person" })).toHaveCount(0);
});
