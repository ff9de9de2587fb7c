import type { APIRequestContext } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { referenceOf } from "../lib/applications/reference";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// The work queue as staff use it: search by a name's start, an email or a reference; filters and tabs in the
// URL; CSV export for agents (a viewer has no export); both languages, desktop and tablet.

const unique = `Q${Date.now().toString(36).replace(/\d/g, "")}`.slice(0, 8);
const surname = `Quillfeather${unique.toLowerCase()}`;

async function applicant(request: APIRequestContext, first: string, email: string) {
  const started = await request.post("/api/applications", { data: { productId: "prod_virtual_simplified_usd" } });
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  expect(
    (
      await request.put(`/api/applications/${id}/draft`, { data: { step: "about-you", values: { first_name: first, last_name: surname } } })
    ).status(),
  ).toBe(200);
  expect(
    (
      await request.put(`/api/applications/${id}/draft`, {
        data: { step: "contact", values: { email, area_code: "+44", mobile_number: "7700900123" } },
      })
    ).status(),
  ).toBe(200);
  return id;
}

test("staff find applicants by name, email or reference, filter by state, and agents export CSV", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const ada = await applicant(request, "Ada", `ada.${unique}@example.com`);
  await applicant(request, "Grace", `grace.${unique}@example.com`);
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const viewer = await newStaff(admin, "viewer");
  const agent = await newStaff(admin, "agent");

  await signInOnPage(page, viewer, "/admin/applications");
  await page.getByLabel("Search", { exact: true }).fill(surname.slice(0, 8));
  await page.getByRole("button", { name: "Show applications" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${surname.slice(0, 8)}`));
  await expect(page.getByRole("link", { name: `Ada ${surname}` })).toBeVisible();
  await expect(page.getByRole("link", { name: `Grace ${surname}` })).toBeVisible();
  await expect(page.getByRole("link", { name: /Download these applications/ })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-queue-search");

  await page.goto(`/admin/applications?q=${encodeURIComponent(`ADA.${unique}@EXAMPLE.COM`)}`);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.goto(`/admin/applications?q=${ada}`);
  await expect(page.getByRole("link", { name: `Ada ${surname}` })).toBeVisible();
  // The short reference the applicant's status page shows, typed as a person reads it out.
  await page.goto(`/admin/applications?q=${referenceOf(ada).toLowerCase()}`);
  await expect(page.getByRole("link", { name: `Ada ${surname}` })).toBeVisible();
  await page.goto(`/admin/applications?q=${surname}&state=failed`);
  await expect(page.getByText("No application matches these filters.")).toBeVisible();
  await page.getByRole("link", { name: /^All/ }).click();
  await expect(page.getByRole("row")).toHaveCount(3);
  expect((await page.request.get(`/api/admin/applications/export?q=${surname}`)).status()).toBe(403);

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "申请" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-queue-zh-tablet");

  const agentApi = await staffApi(playwright, String(baseURL), agent, clientHeaders(testInfo, "agent"));
  const csv = await agentApi.get(`/api/admin/applications/export?q=${surname}`);
  expect(csv.status()).toBe(200);
  expect(csv.headers()["content-disposition"]).toMatch(/attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"/);
  const lines = (await csv.text()).trim().split("\r\n");
  expect(lines[0]).toContain("application_id,reference,product_id,state,name,email");
  expect(
    lines
      .slice(1)
      .map((l) => l.split(",")[4])
      .sort(),
  ).toEqual([`"Ada ${surname}"`, `"Grace ${surname}"`]);
  await Promise.all([admin.dispose(), agentApi.dispose()]);
});
