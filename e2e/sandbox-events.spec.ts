import type { Browser, Page } from "@playwright/test";
import { checkPage } from "./support/apply";
import { DEMO_ADMIN, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #29 (sandbox receiver): an endpoint made through the admin API points at /sandbox/events/receive; the portal's
// runner delivers an application's events there and the page shows them verified with the endpoint's secret. A
// tampered body is not verified; "answer 500 to the next delivery" fails one, and the runner's retry arrives later.
// Runs alone (playwright.config.ts): the receiver, its "fail the next N" and its "clear" are shared by the server.
// The endpoint is deleted after the tests: one left behind would receive every later test's events.

let endpointId = "";

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const made = await admin.post("/api/admin/event-endpoints", {
    data: { url: `${baseURL}/sandbox/events/receive`, eventTypes: ["application.started"], description: "sandbox receiver e2e" },
  });
  expect(made.status(), await made.text()).toBe(201);
  endpointId = ((await made.json()) as { endpoint: { id: string } }).endpoint.id;
  await admin.dispose();
});

test.afterAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "cleanup"));
  expect((await admin.delete(`/api/admin/event-endpoints/${endpointId}`)).status()).toBe(200);
  await admin.dispose();
});

/** An applicant, in a browser of their own, starts an application for the Travel card; answers its id. */
async function startApplication(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto("/");
  const card = person.getByRole("article").filter({ has: person.getByRole("heading", { name: "Travel Visa Card" }) });
  await card.getByRole("button", { name: "Apply for this card" }).click();
  await expect(person).toHaveURL(/\/apply\/app_[^/]+\/about-you$/);
  const id = /\/apply\/(app_[^/]+)\//.exec(person.url())?.[1] ?? "";
  await context.close();
  return id;
}

const received = (page: Page) => page.getByTestId("received-request");

/** Reloads /sandbox/events until `rows` finds one (the runner delivers within seconds, a retry within 30 s). */
async function waitForRow(page: Page, rows: ReturnType<typeof received>, timeout = 30_000) {
  await expect
    .poll(
      async () => {
        await page.reload();
        return rows.count();
      },
      { timeout },
    )
    .toBeGreaterThan(0);
  return rows.first();
}

test("application.started arrives verified with the endpoint's secret; a tampered body and a post without headers are not @phone", async ({
  page,
  browser,
  request,
}, testInfo) => {
  const applicationId = await startApplication(browser);
  await page.goto("/sandbox/events");
  await expect(page.getByTestId("receiver-url")).toHaveText(/\/sandbox\/events\/receive$/);
  const row = await waitForRow(page, received(page).filter({ hasText: applicationId }).filter({ hasText: endpointId }));
  await expect(row).toContainText("application.started");
  await expect(row.getByTestId("verification")).toHaveText("Signature verified with the current secret");
  await expect(row.getByTestId("answered")).toHaveText("200");
  await checkPage(page, testInfo, "sandbox-events-list");

  await row.getByRole("link", { name: /^Request \d+$/ }).click();
  await expect(page).toHaveURL(/\/sandbox\/events\/\d+$/);
  await expect(page.getByTestId("event-body")).toContainText(`"application_id": "${applicationId}"`);
  await expect(page.getByTestId("verification-text")).toHaveText("Signature verified with the current secret");
  await expect(page.getByText("new Webhook(secret).verify(body, headers)")).toBeVisible();
  await checkPage(page, testInfo, "sandbox-events-request");

  // The same headers on another body: the signature no longer matches, and the id was delivered already.
  const headers = {
    "webhook-id": await page.getByTestId("header-webhook-id").innerText(),
    "webhook-timestamp": await page.getByTestId("header-webhook-timestamp").innerText(),
    "webhook-signature": await page.getByTestId("header-webhook-signature").innerText(),
  };
  const tampered = JSON.stringify({ type: "application.started", data: { application_id: applicationId, state: "approved" } });
  const reposted = await request.post("/sandbox/events/receive", {
    headers: { ...headers, "content-type": "application/json" },
    data: tampered,
  });
  expect(reposted.status()).toBe(200);
  const answer = (await reposted.json()) as { received: number; verified: boolean; repeat: boolean };
  expect(answer).toMatchObject({ verified: false, repeat: true });
  await page.goto(`/sandbox/events/${answer.received}`);
  await expect(page.getByTestId("verification-text")).toHaveText("Not verified: the signature does not match any secret");
  await expect(page.getByTestId("repeat")).toHaveText("Repeat: a receiver drops it by webhook-id");
  await checkPage(page, testInfo, "sandbox-events-tampered");

  const bare = await request.post("/sandbox/events/receive", { headers: { "content-type": "application/json" }, data: "{}" });
  expect(bare.status()).toBe(200);
  await page.goto(`/sandbox/events/${((await bare.json()) as { received: number }).received}`);
  await expect(page.getByTestId("verification-text")).toHaveText(
    "Not verified: missing header webhook-id, webhook-timestamp, webhook-signature",
  );
});

test("answer 500 to the next delivery: it fails, the runner retries it, and it arrives verified; then the list is cleared @phone", async ({
  page,
  browser,
}, testInfo) => {
  // The first retry waits up to 30 s (lib/events/backoff.ts), on top of the first delivery.
  test.setTimeout(150_000);
  await page.goto("/sandbox/events");
  await page.getByLabel("Answer 500 to the next deliveries").fill("1");
  await page.getByRole("button", { name: "Set", exact: true }).click();
  await expect(page.getByTestId("fail-pending")).toHaveText("The next delivery will be answered 500.");
  await checkPage(page, testInfo, "sandbox-events-fail-next");

  const applicationId = await startApplication(browser);
  // Every endpoint pointing here receives the event (the other project's too): one of them was answered 500.
  const failed = await waitForRow(
    page,
    received(page)
      .filter({ hasText: applicationId })
      .filter({ has: page.getByTestId("failed-on-purpose") }),
  );
  await expect(failed.getByTestId("answered")).toHaveText("500");
  await expect(page.getByTestId("fail-pending")).toHaveText("Every delivery is answered 200.");
  const failedEndpoint = await failed.getByTestId("endpoint").innerText();
  expect(failedEndpoint).toMatch(/^ep_/);

  const retried = received(page)
    .filter({ hasText: applicationId })
    .filter({ hasText: failedEndpoint })
    .filter({ hasNot: page.getByTestId("failed-on-purpose") });
  const arrived = await waitForRow(page, retried, 60_000);
  await expect(arrived.getByTestId("answered")).toHaveText("200");
  await expect(arrived.getByTestId("verification")).toHaveText("Signature verified with the current secret");
  // This test's own endpoint got it too (first time, or by the retry).
  await expect(
    received(page).filter({ hasText: applicationId }).filter({ hasText: endpointId }).getByTestId("answered").first(),
  ).toHaveText(/200|500/);

  await page.getByRole("button", { name: "Clear the list" }).click();
  await expect(page.getByText("No request was received yet.")).toBeVisible();
  await checkPage(page, testInfo, "sandbox-events-empty");
});
