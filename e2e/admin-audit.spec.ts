import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// The audit log as staff read it: what was done shows with who, when and from where; the filters live in the
// URL; older entries come a keyset page at a time; the CSV download holds the filtered rows and is audited.

test("the audit log shows staff actions, filters them in the URL, pages them and exports them as CSV", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  // A fresh admin whose actions are the only ones under its name: 51 accounts added, one more than a page.
  const adminLogin = await newStaff(demo, "admin", "Audra Admin");
  const admin = await staffApi(playwright, String(baseURL), adminLogin, clientHeaders(testInfo, "admin"));
  const added: string[] = [];
  for (let i = 0; i < 51; i++) {
    const email = `audited.${i}.${randomUUID().slice(0, 6)}@example.com`;
    const created = await admin.post("/api/admin/staff", { data: { email, name: "", role: "viewer" } });
    expect(created.status()).toBe(200);
    added.push(email);
  }

  await signInOnPage(page, adminLogin, "/admin/audit");
  await expect(page.getByRole("heading", { name: "Audit log", level: 1 })).toBeVisible();
  await page.getByLabel("Action").selectOption({ label: "Added a staff member" });
  await page.getByLabel("Staff member").selectOption({ label: `Audra Admin (${adminLogin.email})` });
  await page.getByRole("button", { name: "Show entries" }).click();
  await expect(page).toHaveURL(/action=staff\.created&staff=[0-9a-f-]{36}/);
  const staffId = new URL(page.url()).searchParams.get("staff") ?? "";
  const rows = page.getByRole("region", { name: "Audit entries" }).getByRole("row");
  await expect(rows).toHaveCount(51); // header + 50, newest first
  await expect(rows.nth(1)).toContainText(added[50] ?? "");
  await expect(rows.nth(1)).toContainText("Added a staff member");
  await expect(rows.nth(1)).toContainText("Role: viewer");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-audit");

  await page.getByRole("link", { name: "Older entries" }).click();
  await expect(page).toHaveURL(/before=\d+/);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(added[0] ?? "");
  await expect(page.getByRole("link", { name: "Older entries" })).toHaveCount(0);
  await page.getByRole("link", { name: "Newest entries" }).click();
  await expect(rows).toHaveCount(51);

  // The sign-in of this page is there too, under this admin.
  await page.goto(`/admin/audit?action=staff.signed_in&staff=${staffId}`);
  await expect(rows.nth(1)).toContainText("Signed in");
  await expect(rows.nth(1)).toContainText("Method: password");
  // A date range in the future and an unknown application: nothing.
  await page.goto("/admin/audit?from=2999-01-01");
  await expect(page.getByText("No entry matches these filters.")).toBeVisible();
  await page.goto("/admin/audit?application=app_nothingnothingnothing0");
  await expect(page.getByText("No entry matches these filters.")).toBeVisible();
  const today = new Date().toISOString().slice(0, 10);
  await page.goto(`/admin/audit?action=staff.created&staff=${staffId}`);

  // CSV of the current filter, downloaded from the page.
  await page.getByLabel("From").fill(today);
  await page.getByLabel("Until").fill(today);
  await page.getByRole("button", { name: "Show entries" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${today}&to=${today}`));
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download these entries (CSV)" }).click();
  const file = await (await download).path();
  expect((await download).suggestedFilename()).toBe(`audit-${today}.csv`);
  const lines = (await readFile(file, "utf8"))
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  expect(lines[0]).toBe("id,at,staff_email,action,application_id,target,detail,ip");
  expect(lines).toHaveLength(52);
  expect(lines.slice(1).every((l) => l.includes(`"${adminLogin.email}","staff.created"`))).toBe(true);
  expect(lines[1]).toContain(`"${added[50]}"`);

  // The export itself is in the log.
  await page.goto(`/admin/audit?action=audit.exported&staff=${staffId}`);
  await expect(rows.nth(1)).toContainText(adminLogin.email);
  await expect(rows.nth(1)).toContainText("Exported the audit log");
  await Promise.all([demo.dispose(), admin.dispose()]);
});

test("a viewer reads the audit log in both languages, with no staff link in the navigation", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "demo"));
  const viewer = await newStaff(demo, "viewer");
  await signInOnPage(page, viewer, "/admin/audit");
  const nav = page.getByRole("navigation", { name: "Staff area" });
  await expect(nav.getByRole("link", { name: "Audit log" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Staff" })).toHaveCount(0);
  await page.setViewportSize({ width: 768, height: 1024 });
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { name: "审计日志", level: 1 })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-audit-zh-tablet");
  await demo.dispose();
});
