import type { APIRequestContext, Page } from "@playwright/test";
import { startReceiver, type Receiver } from "../lib/events/testing/receiver";
import { checkPage } from "./support/apply";
import { describedCall, expectDescribed } from "./support/openapi";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #29, staff pages: the delivery log of a merchant endpoint and of an application, Resend (the same
// webhook-id again) and "Send a test event", against a receiver this test runs on loopback that verifies every
// post with the Standard Webhooks library. The endpoint is made through POST /api/admin/event-endpoints.
// The endpoints the tests make are deleted after them: one left behind would receive every later test's events.

let receiver: Receiver;
let admin: APIRequestContext;
let agent: StaffLogin;
const made: string[] = [];

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  receiver = await startReceiver([]);
  admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
});
test.afterAll(async () => {
  for (const id of made) expect((await admin.delete(`/api/admin/event-endpoints/${id}`)).status()).toBe(200);
  await admin?.dispose();
  await receiver?.close();
});

/** An application started through the portal's API: its application.started event is written with it. */
async function startApplication(request: APIRequestContext): Promise<string> {
  const started = await request.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
  expect(started.status(), await started.text()).toBe(201);
  return ((await started.json()) as { application: { id: string } }).application.id;
}

/** The posts the receiver got for an application's events, as [webhook-id, answer]. */
const postsOf = (applicationId: string) =>
  receiver.received.filter((r) => r.applicationId === applicationId).map((r) => [r.id, r.answered]);

const deliveriesRegion = (page: Page) => page.getByRole("region", { name: "Deliveries to this endpoint, newest first" });

test("an application's events show with their states; a failing delivery's code, answer and next try; Resend delivers the same webhook-id; a test event lands @phone", async ({
  page,
  request,
}, testInfo) => {
  const created = await describedCall(admin, "POST", "/api/admin/event-endpoints", {
    data: { url: receiver.url, eventTypes: ["application.started"], description: `event log ${testInfo.project.name}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { endpoint, secret } = (await created.json()) as { endpoint: { id: string }; secret: string };
  made.push(endpoint.id);
  receiver.secrets = [secret];
  const log = `/admin/events/${endpoint.id}/deliveries`;

  // Delivered: the application page lists its event with this endpoint's delivery.
  const delivered = await startApplication(request);
  await expect.poll(() => postsOf(delivered).map(([, answer]) => answer)).toEqual([200]);
  await signInOnPage(page, DEMO_ADMIN, `/admin/applications/${delivered}`);
  const section = page.getByRole("region", { name: "Events of this application and their deliveries" });
  const row = section.getByRole("row").filter({ hasText: receiver.url });
  // The receiver has answered; the runner records it a moment later: the page is opened again until it shows.
  await expect(async () => {
    await page.reload();
    await expect(row.getByTestId("event-delivery-state")).toHaveText("Delivered", { timeout: 1_000 });
  }).toPass();
  await expect(row).toContainText("application.started");
  await expect(row.locator("td").nth(2)).toHaveText("200");
  await checkPage(page, testInfo, "event-log-application");

  // Failing: the receiver answers 500; the log shows the code, the start of the answer and the next try.
  receiver.answer = () => 500;
  const failing = await startApplication(request);
  await expect.poll(() => postsOf(failing).length).toBeGreaterThan(0);
  const [failingId] = postsOf(failing)[0] ?? [];
  const failingRow = deliveriesRegion(page)
    .getByRole("row")
    .filter({ hasText: String(failingId) });
  await expect(async () => {
    await page.goto(`${log}?state=failing`);
    await expect(failingRow.getByTestId("delivery-state")).toHaveText("Failing, will retry", { timeout: 1_000 });
  }).toPass();
  await expect(failingRow.locator("td").nth(2)).toHaveText("500");
  // The next try's time (the runner's backoff chose it).
  await expect(failingRow.locator("td").nth(4).locator("time")).toHaveCount(1);
  await failingRow.getByText(/\d+ attempts?/).click();
  await expect(failingRow.locator("pre").first()).toContainText("answer 500 xxxx");
  await checkPage(page, testInfo, "event-log-failing");

  // Recovered: Resend posts the same webhook-id again and the page follows it until its answer lands.
  receiver.answer = () => 200;
  await failingRow.getByRole("button", { name: `Resend event ${failingId}` }).click();
  await expect(page).toHaveURL(/sent=\d+/);
  await expect(page.getByTestId("watched-delivery")).toHaveAttribute("data-state", "delivered");
  await expect(page.getByTestId("watched-delivery")).toContainText("application.started: delivered, answered 200");
  const ids = postsOf(failing).map(([id]) => id);
  expect(new Set(ids)).toEqual(new Set([failingId]));
  expect(postsOf(failing).at(-1)).toEqual([failingId, 200]);
  await checkPage(page, testInfo, "event-log-resent");

  // A test event: to this endpoint although it takes application.started only, signed (the receiver verified it).
  await page.getByRole("button", { name: "Send a test event" }).click();
  await expect(page).toHaveURL(/\/deliveries\?sent=\d+$/);
  await expect(page.getByTestId("watched-delivery")).toHaveAttribute("data-state", "delivered");
  await expect(page.getByTestId("watched-delivery")).toContainText("endpoint.test: delivered, answered 200");
  const tests = receiver.received.filter((r) => r.type === "endpoint.test" && r.body.includes(endpoint.id));
  expect(tests.map((r) => r.answered)).toEqual([200]);
  await page.goto(`${log}?type=endpoint.test`);
  await expect(deliveriesRegion(page).getByTestId("delivery-state")).toHaveText(["Delivered"]);
  await checkPage(page, testInfo, "event-log-test-event");

  // The routes as described: 202 with the delivery, 404 for an unknown one.
  const queued = await describedCall(admin, "POST", `/api/admin/event-endpoints/${endpoint.id}/test`);
  expect(queued.status()).toBe(202);
  const missing = await describedCall(admin, "POST", "/api/admin/event-deliveries/999999999999/resend");
  expect(missing.status()).toBe(404);
});

test("agents get 403 from the resend and test routes and cannot open an endpoint's log; an application's section names the endpoint without a link @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const created = await admin.post("/api/admin/event-endpoints", {
    data: { url: receiver.url, eventTypes: ["application.started", "application.erased"] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { endpoint } = (await created.json()) as { endpoint: { id: string } };
  made.push(endpoint.id);
  const api = await staffApi(playwright, String(baseURL), agent, clientHeaders(testInfo, "agent"));
  const tested = await expectDescribed(api, "POST", await api.post(`/api/admin/event-endpoints/${endpoint.id}/test`, { data: {} }));
  expect(tested.status()).toBe(403);
  const resend = await expectDescribed(api, "POST", await api.post("/api/admin/event-deliveries/1/resend", { data: {} }));
  expect(resend.status()).toBe(403);
  await api.dispose();
  // The application's section shows the deliveries (written with the event), the address as text, no Resend.
  const applicationId = await startApplication(request);
  await signInOnPage(page, agent, `/admin/applications/${applicationId}`);
  const section = page.getByRole("region", { name: "Events of this application and their deliveries" });
  await expect(section.getByRole("row").filter({ hasText: receiver.url }).first()).toBeVisible();
  await expect(section.getByRole("link", { name: receiver.url })).toHaveCount(0);
  await expect(section.getByRole("button", { name: /Resend/ })).toHaveCount(0);
  await page.goto(`/admin/events/${endpoint.id}/deliveries`);
  await expect(page.getByRole("heading", { name: "Your role does not allow this" })).toBeVisible();
  expect(receiver.received.filter((r) => r.type === "endpoint.test" && r.body.includes(endpoint.id))).toEqual([]);
});
