import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { checkPage } from "./support/apply";
import { describedCall, expectDescribed } from "./support/openapi";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #29 (staff pages): an admin adds a merchant event endpoint on /admin/events, sees its signing secret once,
// edits its types, rotates the secret with an overlap, turns it off and on, deletes it; refused URLs are named on
// the form and create nothing; agents meet 403; the routes' answers are as the OpenAPI document describes them.
// The endpoints point at the discard port and are deleted by the test: one left would get every other test's events.

let agent: StaffLogin;
/** The endpoints a test made, deleted after it whatever happened (one left would get every other test's events). */
const made: string[] = [];

test.afterEach(async ({ playwright, baseURL }, testInfo) => {
  if (made.length === 0) return;
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "cleanup"));
  for (const id of made.splice(0)) expect([200, 404]).toContain((await admin.delete(`/api/admin/event-endpoints/${id}`)).status());
  await admin.dispose();
});

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
  await admin.dispose();
});

const add = (page: Page) => page.getByRole("button", { name: "Add the endpoint" });
const secretField = (page: Page) => page.getByLabel("Signing secret", { exact: true });
const table = (page: Page) => page.getByRole("region", { name: "Event endpoints, oldest first" });

/** The summary's link for the field, and the input described by its error. */
async function expectRefused(page: Page, label: string, text: string | RegExp) {
  await expect(page.getByRole("link", { name: new RegExp(`^${label.replace(/[()]/g, "\\$&")}: `) })).toContainText(text);
  const input = page.getByLabel(label);
  await expect(input).toHaveAttribute("aria-invalid", "true");
  const describedBy = (await input.getAttribute("aria-describedby")) ?? "";
  await expect(page.locator(`[id="${describedBy.split(" ").pop()}"]`)).toContainText(text);
}

test("an admin adds an endpoint, sees its secret once, edits, rotates, turns it off and on, deletes it; refused URLs are named @phone", async ({
  page,
}, testInfo) => {
  const tag = randomUUID().slice(0, 8);
  const url = `http://127.0.0.1:9/hook-${tag}`;
  await signInOnPage(page, DEMO_ADMIN, "/admin/events");
  await expect(page.getByRole("link", { name: "Event endpoints" })).toHaveCount(1);
  // The empty state, when no other spec has an endpoint in place (one pointed at a receiver that answers 2xx may stay).
  if ((await table(page).count()) === 0) {
    await expect(page.getByTestId("endpoints-empty")).toContainText("Nothing is sent until you add one.");
    await checkPage(page, testInfo, "events-empty");
  }
  const before = await table(page).getByRole("row").count();

  // Refused URLs and no types: named errors tied to their inputs, nothing created.
  const urlBox = page.getByLabel("Address (URL)");
  await urlBox.fill("ftp://x");
  await add(page).click();
  await expectRefused(page, "Address (URL)", "The address must start with https://");
  await checkPage(page, testInfo, "events-add-refused");
  await urlBox.fill("http://user:pw@host/");
  await add(page).click();
  await expectRefused(page, "Address (URL)", "Remove the user name and password");
  await urlBox.fill(url);
  await page.getByLabel("All events").uncheck();
  await add(page).click();
  await expect(page.getByRole("link", { name: /^Events to send: Choose at least one event type/ })).toBeVisible();
  await expect(table(page).getByRole("row")).toHaveCount(before);
  await expect(secretField(page)).toHaveCount(0);

  // Added with every type: the secret shown once, in a read-only field.
  await page.getByLabel("All events").check();
  await page.getByLabel("Description").fill(`CRM ${tag}`);
  await add(page).click();
  await expect(secretField(page)).toHaveValue(/^whsec_[A-Za-z0-9+/=]+$/);
  await expect(secretField(page)).toHaveAttribute("readonly", "");
  await expect(page.getByText("Copy it now: you will not see it again.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Copy the secret" })).toBeVisible();
  const first = await secretField(page).inputValue();
  const opened = await page.getByRole("link", { name: "Open this endpoint's settings" }).getAttribute("href");
  made.push(opened?.split("/").pop() ?? "");
  const row = table(page).getByRole("row").filter({ hasText: url });
  await expect(row).toContainText("All events");
  await expect(row).toContainText("On");
  await checkPage(page, testInfo, "events-added");
  await page.reload();
  await expect(table(page).getByRole("row").filter({ hasText: url })).toBeVisible();
  await expect(secretField(page)).toHaveCount(0);
  expect(await page.content()).not.toContain(first.slice(6));

  // Its page: edit the types (a refused URL changes nothing).
  await table(page)
    .getByRole("link", { name: `Settings of ${url}` })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(url);
  const id = /\/admin\/events\/(ep_[\w-]+)$/.exec(page.url())?.[1] ?? "";
  expect(id).not.toBe("");
  await expect(page.getByRole("link", { name: "Delivery log" })).toHaveAttribute("href", `/admin/events/${id}/deliveries`);
  await checkPage(page, testInfo, "event-endpoint");
  await page.getByLabel("Address (URL)").fill("http://user:pw@127.0.0.1/");
  await page.getByRole("button", { name: "Save the changes" }).click();
  await expectRefused(page, "Address (URL)", "Remove the user name and password");
  await page.getByLabel("Address (URL)").fill(url);
  await page.getByLabel("All events").uncheck();
  await page.getByLabel("application.card_issued").check();
  await page.getByLabel("application.failed").check();
  await page.getByRole("button", { name: "Save the changes" }).click();
  await expect(page.getByText("Changes saved.")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("All events")).not.toBeChecked();
  await expect(page.getByLabel("application.card_issued")).toBeChecked();
  await expect(page.getByLabel("application.started")).not.toBeChecked();
  await expect(page.getByText("application.card_issued, application.failed")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(url);

  // Rotate with the default overlap: a new secret, and until when the previous one signs.
  await expect(page.getByTestId("endpoint-secret-state")).toHaveText("One secret signs.");
  await expect(page.getByLabel("The previous secret keeps signing for")).toHaveValue("24");
  await page.getByRole("button", { name: "Rotate the secret" }).click();
  await expect(secretField(page)).toHaveValue(/^whsec_/);
  expect(await secretField(page).inputValue()).not.toBe(first);
  await expect(page.getByTestId("endpoint-secret-state")).toContainText("the previous secret still signs until");
  await checkPage(page, testInfo, "event-endpoint-rotated");

  // Off by staff, with why and since when; then on again.
  await page.getByRole("button", { name: "Turn off" }).click();
  await expect(page.getByTestId("endpoint-off-why")).toContainText("It was turned off by staff on");
  await expect(page.getByText(/^Off: turned off by staff on/)).toBeVisible();
  await checkPage(page, testInfo, "event-endpoint-off");
  await page.getByRole("button", { name: "Turn back on" }).click();
  await expect(page.getByRole("button", { name: "Turn off" })).toBeVisible();
  await expect(page.getByTestId("endpoint-off-why")).toHaveCount(0);

  // Deleted after a confirmation: back to the list, which no longer has it.
  await page.getByRole("button", { name: "Delete the endpoint" }).click();
  await expect(page.getByText(`Delete the endpoint ${url}?`)).toBeVisible();
  await checkPage(page, testInfo, "event-endpoint-delete-confirm");
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(page.getByText(url)).toHaveCount(0);
  expect((await page.request.get(`/admin/events/${id}`)).status()).toBe(404);
});

test("the endpoint routes answer as described: refusals named, unknown ids 404, cross-origin refused @phone", async ({ page }) => {
  const tag = randomUUID().slice(0, 8);
  await signInOnPage(page, DEMO_ADMIN, "/admin");
  const api = page.request;
  const created = await describedCall(api, "POST", "/api/admin/event-endpoints", {
    data: { url: `http://127.0.0.1:9/api-${tag}`, eventTypes: ["application.started"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
  expect(secret).toMatch(/^whsec_/);
  made.push(endpoint.id);
  const path = `/api/admin/event-endpoints/${endpoint.id}`;

  for (const [data, field] of [
    [{ url: "ftp://x" }, "url"],
    [{ url: "http://user:pw@host/" }, "url"],
    [{ eventTypes: ["no.such.type"] }, "eventTypes"],
    [{ description: "x".repeat(201) }, "description"],
  ] as const) {
    const refused = await describedCall(api, "PATCH", path, { data });
    expect(refused.status()).toBe(422);
    expect(await refused.json()).toMatchObject({
      error: { code: "VALIDATION_ERROR", fields: { [field]: expect.stringMatching(/^events\.endpoint\./) } },
    });
  }
  const patched = await describedCall(api, "PATCH", path, { data: { eventTypes: null, description: "API" } });
  expect(await patched.json()).toMatchObject({ endpoint: { url: `http://127.0.0.1:9/api-${tag}`, eventTypes: null, description: "API" } });

  const tooLong = await describedCall(api, "POST", `${path}/rotate`, { data: { overlapHours: 169 } });
  expect(tooLong.status()).toBe(422);
  expect(await tooLong.json()).toMatchObject({ error: { fields: { overlapHours: "events.endpoint.overlap" } } });
  const rotated = await describedCall(api, "POST", `${path}/rotate`, { data: { overlapHours: 1 } });
  const answer = (await rotated.json()) as { secret: string; previousExpiresAt: string };
  expect(answer.secret).not.toBe(secret);
  const hours = (Date.parse(answer.previousExpiresAt) - Date.now()) / 3_600_000;
  expect(hours).toBeGreaterThan(0.9);
  expect(hours).toBeLessThanOrEqual(1);

  expect(await (await describedCall(api, "POST", `${path}/disable`)).json()).toMatchObject({
    endpoint: { enabled: false, disabledReason: "staff" },
  });
  expect(await (await describedCall(api, "POST", `${path}/enable`)).json()).toMatchObject({
    endpoint: { enabled: true, disabledReason: null },
  });

  // Another origin is refused before anything is read.
  const evil = await api.post(`${path}/disable`, { data: {}, headers: { origin: "https://evil.example" } });
  expect(evil.status()).toBe(403);
  await expectDescribed(api, "POST", evil);
  expect(await evil.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  const stillOn = await describedCall(api, "PATCH", path, { data: {} });
  expect(await stillOn.json()).toMatchObject({ endpoint: { enabled: true } });

  expect((await describedCall(api, "DELETE", path)).status()).toBe(200);
  for (const [method, suffix] of [
    ["DELETE", ""],
    ["PATCH", ""],
    ["POST", "/rotate"],
    ["POST", "/enable"],
  ] as const) {
    const gone = await describedCall(api, method, `${path}${suffix}`);
    expect(gone.status(), `${method} ${suffix}`).toBe(404);
  }
});

test("an agent gets 403 on the endpoint pages and routes, and no link @phone", async ({ page }) => {
  await signInOnPage(page, agent, "/admin");
  await expect(page.getByRole("link", { name: "Event endpoints" })).toHaveCount(0);
  expect((await page.request.get("/admin/events")).status()).toBe(403);
  expect((await page.request.get("/admin/events/ep_anything")).status()).toBe(403);
  const base = "/api/admin/event-endpoints";
  for (const [method, path] of [
    ["POST", base],
    ["PATCH", `${base}/ep_anything`],
    ["DELETE", `${base}/ep_anything`],
    ["POST", `${base}/ep_anything/rotate`],
    ["POST", `${base}/ep_anything/enable`],
    ["POST", `${base}/ep_anything/disable`],
  ] as const) {
    const refused = await describedCall(page.request, method, path, {
      data: method === "DELETE" ? undefined : { url: "https://example.com/" },
    });
    expect(refused.status(), `${method} ${path}`).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "FORBIDDEN" } });
  }
});
