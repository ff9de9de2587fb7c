import type { Page } from "@playwright/test";
import { referenceOf } from "../lib/applications/reference";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, startDraft } from "./support/applicant";
import { useChinese } from "./support/seed";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #27 item 3, needs attention empties: an agent resolves a failed application with a reason and a note, the
// dashboard's count goes down by one, a new event (reopened, then failed again) brings it back; assigned to a named
// colleague, the queue filters by that colleague and sorts by time in state.

const attentionTotal = async (page: Page) => {
  await page.goto("/admin");
  return Number((await page.getByTestId("attention-total").innerText()).replace(/\D/g, ""));
};

test("resolving takes an item off the dashboard's count, and a new event brings it back", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  const fail = async (id: string) => {
    const failed = await admin.post(`/api/admin/applications/${id}/fail`, { data: { reason: "The applicant asked us to stop" } });
    expect(failed.status(), await failed.text()).toBe(200);
  };
  const id = await startDraft(request);
  await fillStandard(request, id);
  await fail(id);

  await signInOnPage(page, agent, "/admin");
  const before = await attentionTotal(page);
  expect(before).toBeGreaterThanOrEqual(1);

  await page.goto(`/admin/applications/${id}`);
  const card = page.getByRole("region", { name: "Needs attention" });
  await expect(card.getByTestId("attention-status")).toHaveText("This application is on the needs-attention list.");
  await card.getByRole("button", { name: "Take off the list" }).click();
  await expect(card.getByRole("link", { name: "Choose why it needs nobody now." })).toBeVisible();
  await expectNoAxeViolations(page);
  await card.getByLabel("Closed as expected").check();
  await card.getByLabel(/^Note/).fill("Asked us to stop; nothing left to do.");
  await card.getByRole("button", { name: "Take off the list" }).click();
  await expect(card.getByTestId("attention-status")).toContainText("Taken off the needs-attention list (Closed as expected)");
  await expect(page.getByText("took it off the needs-attention list: Closed as expected")).toBeVisible();
  await expect(page.getByText("Asked us to stop; nothing left to do.")).toBeVisible();

  expect(await attentionTotal(page)).toBe(before - 1);

  // Something new: reopened (a draft needs nobody), then failed again.
  const reopened = await admin.post(`/api/admin/applications/${id}/reopen`, { data: {} });
  expect(reopened.status(), await reopened.text()).toBe(200);
  expect(await attentionTotal(page)).toBe(before - 1);
  await fail(id);
  expect(await attentionTotal(page)).toBe(before);

  await admin.dispose();
});

test("assigned to a named colleague, the queue filters by them and sorts by time in state", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  const colleague = await newStaff(admin, "agent", "Colin Colleague");
  const id = await startDraft(request);
  await fillStandard(request, id);
  const failed = await admin.post(`/api/admin/applications/${id}/fail`, { data: { reason: "The applicant asked us to stop" } });
  expect(failed.status(), await failed.text()).toBe(200);
  await signInOnPage(page, agent, `/admin/applications/${id}`);
  // A named colleague, not only "claim".
  await page.getByLabel("Assign to a colleague").selectOption({ label: `Colin Colleague (${colleague.email})` });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByText(/^Assigned to Colin Colleague/)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, testInfo, "admin-attention-case-1280");

  // The queue: the colleague's applications, longest in their state first, with the time in state shown.
  await page.goto("/admin/applications");
  await page.getByLabel("Assigned to", { exact: true }).selectOption({ label: "Colin Colleague" });
  await page.getByLabel("Needs attention only").check();
  await page.getByLabel("Order").selectOption({ label: "Longest in their state first" });
  await page.getByRole("button", { name: "Show applications" }).click();
  await expect(page).toHaveURL(/attention=1/);
  await expect(page).toHaveURL(/sort=since_asc/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(referenceOf(id));
  await expect(rows.nth(1)).toContainText(/\d+ minutes?/);
  await expect(page.getByRole("columnheader", { name: "Time in state" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-attention-queue-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, testInfo, "admin-attention-queue-390");

  await useChinese(page.context(), baseURL);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/applications/${id}`);
  await expect(page.getByRole("region", { name: "需要处理" }).getByTestId("attention-status")).toHaveText("此申请在“需要处理”列表中。");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-attention-case-zh-1280");
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/applications?attention=1&sort=since_asc");
  await saveScreenshot(page, testInfo, "admin-attention-queue-zh-390");
  await admin.dispose();
});
