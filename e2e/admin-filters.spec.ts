import { DEMO_ADMIN, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Impossible or far dates in the staff area's filters (issue #24, item 12): each page answers with the date
// marked invalid beside its box instead of a 500, and each CSV export refuses the same input with 422.

const PAGES = ["/admin/applications", "/admin/audit", "/admin/webhooks", "/admin/transactions", "/admin"];
const EXPORTS = ["/api/admin/applications/export", "/api/admin/audit/export", "/api/admin/transactions/export"];
const BAD = ["from=2026-13-45", "from=0000-01-01", "to=9999-12-31", "from=2026-02-30&to=2026-03-01", "to=garbage"];
const MESSAGE = "Enter a real date between 2000-01-01 and 2999-12-31";
// The message as rendered beside a day box (lib/i18n catalogs travel in the page too, so the text alone proves nothing).
const MARKED = new RegExp(`id="[a-z]+-(from|to)-error"[^>]*>${MESSAGE}`);

test("staff pages mark an impossible or far date as invalid; exports refuse it with 422", async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  for (const path of PAGES)
    for (const query of BAD) {
      const answer = await admin.get(`${path}?${query}`);
      expect(answer.status(), `${path}?${query}`).toBe(200);
      expect(await answer.text(), `${path}?${query}`).toMatch(MARKED);
    }
  for (const path of EXPORTS)
    for (const query of BAD) {
      const answer = await admin.get(`${path}?${query}`);
      expect(answer.status(), `${path}?${query}`).toBe(422);
      const field = query.startsWith("to=") ? "to" : "from";
      expect(await answer.json(), `${path}?${query}`).toMatchObject({
        error: { code: "VALIDATION_ERROR", fields: { [field]: "errors.staff.day_filter" } },
      });
    }
  // Real days inside the range still filter and export as before.
  expect((await admin.get("/api/admin/audit/export?from=2026-01-01&to=2026-12-31")).status()).toBe(200);
  expect(await (await admin.get("/admin/audit?from=2026-01-01&to=2999-12-31")).text()).not.toMatch(/-(from|to)-error"/);
  await admin.dispose();
});

test("the message sits by its box, tied to it for screen readers, in English and in Chinese", async ({ page }) => {
  await signInOnPage(page, DEMO_ADMIN, "/admin/transactions?to=9999-12-31");
  const to = page.getByLabel("To", { exact: true });
  await expect(to).toHaveAttribute("aria-invalid", "true");
  await expect(to).toHaveAccessibleDescription(new RegExp(MESSAGE));
  await expect(page.getByLabel("From", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await page.context().addCookies([{ name: "locale", value: "zh-CN", url: page.url() }]);
  await page.reload();
  await expect(page.getByText("请输入 2000-01-01 至 2999-12-31 之间的真实日期").first()).toBeVisible();
});
