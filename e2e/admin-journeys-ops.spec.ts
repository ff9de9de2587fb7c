import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { referenceOf } from "../lib/applications/reference";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, issuerRecord, startDraft } from "./support/applicant";
import { pendingStandard } from "./support/case-page";
import { makeDrift } from "./support/drift";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #27's ops journeys ("Done when", first line): the morning check, a failed webhook to its application and
// back, a card's transactions to CSV, reconciliation with drift both ways. Set-up goes through the APIs, the ops
// person's part through the UI; each test runs at desktop and phone size and asserts the outcome.

const num = (text: string | undefined) => Number((text ?? "").replace(/\D/g, ""));

/** The morning check's figures: failed today, needs a person now, and the needs-attention total. */
async function morningFigures(page: Page) {
  const since = page.getByRole("region", { name: "Since yesterday" });
  const failed = await since.getByRole("listitem").filter({ hasText: "Failed or identity check rejected" }).innerText();
  const person = await since.getByRole("listitem").filter({ hasText: "Needs a person now" }).innerText();
  return {
    failedToday: num(/Today so far \([^)]*\): ([\d,]+)/.exec(failed)?.[1]),
    needsPerson: num(/Needs a person now\s+([\d,]+)/.exec(person)?.[1]),
    attention: num(await page.getByTestId("attention-total").innerText()),
  };
}

/** The value of the summary list's row `label` (an event's or a card's details). */
const detail = (page: Page, label: string): Locator =>
  page
    .locator("dl > div")
    .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
    .locator("dd")
    .first();

test("the morning check: what failed since yesterday, into the queue, resolved, the count one less @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await signInOnPage(page, agent, "/admin");
  const before = await morningFigures(page);

  // Overnight, an application failed.
  const id = await startDraft(request);
  await fillStandard(request, id);
  const failed = await admin.post(`/api/admin/applications/${id}/fail`, { data: { reason: "The applicant asked us to stop" } });
  expect(failed.status(), await failed.text()).toBe(200);
  await admin.dispose();

  await page.reload();
  const after = await morningFigures(page);
  expect(after.failedToday).toBeGreaterThanOrEqual(before.failedToday + 1);
  expect(after.needsPerson).toBeGreaterThanOrEqual(before.needsPerson + 1);
  expect(after.needsPerson).toBe(after.attention);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-morning-dashboard");

  await page.getByRole("region", { name: "Since yesterday" }).getByRole("link", { name: "Needs a person now" }).click();
  await expect(page).toHaveURL(/\/admin\/applications\?attention=1$/);
  // Newest first: the application that failed a moment ago is on the first page.
  const row = page.getByRole("row").filter({ hasText: referenceOf(id) });
  await expect(row).toContainText("Failed");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-morning-queue");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}\\?`));

  const card = page.getByRole("region", { name: "Needs attention" });
  await expect(card.getByTestId("attention-status")).toHaveText("This application is on the needs-attention list.");
  await card.getByRole("button", { name: "Take off the list" }).click();
  await card.getByLabel("Closed as expected").check();
  await card.getByLabel(/^Note/).fill("The applicant stopped on purpose; nothing left to do.");
  await card.getByRole("button", { name: "Take off the list" }).click();
  await expect(card.getByTestId("attention-status")).toContainText("Taken off the needs-attention list (Closed as expected)");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-morning-resolved");

  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  const resolved = await morningFigures(page);
  expect(resolved.attention).toBe(after.attention - 1);
  expect(resolved.needsPerson).toBe(after.needsPerson - 1);
});

const sign = (body: string) => createHmac("sha256", "sandbox_webhook_secret").update(body).digest("base64");

test("a failed webhook to its application and back: read why, follow the links, reprocess @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const { id, email } = await pendingStandard(request);
  const { id: cardholderId } = await issuerRecord(request, email);
  // A signed cardholder event without its identity-check status: the processor cannot apply it and, after its
  // tries, poisons it.
  const eventId = `evt_${randomUUID()}`;
  const body = JSON.stringify({
    account_no: "8800****4321",
    data: { cardholder_id: cardholderId, status: "PENDING" },
    event_id: eventId,
    event_type: "cardholder.updated",
    timestamp: `${new Date().toISOString().slice(0, 19)}Z`,
  });
  const posted = await request.post("/api/webhooks/issuer", {
    data: Buffer.from(body),
    headers: { "content-type": "application/json", "x-wk-signature": sign(body) },
  });
  expect(posted.status(), await posted.text()).toBe(200);
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await admin.dispose();
  await signInOnPage(page, agent, "/admin");
  // Eight tries with backoff from WEBHOOK_RETRY_BASE_MS (100 ms in playwright.config.ts, doubling): about 13 s.
  const poisoned = `/admin/webhooks?state=poisoned&cardholder=${cardholderId}`;
  await expect
    .poll(async () => (await (await page.request.get(poisoned)).text()).includes(eventId), { timeout: 60_000, intervals: [1_000] })
    .toBe(true);

  // The dashboard's line opens the event when it is the only poisoned one, else the poisoned events (other specs
  // leave theirs on the same server), where this one is the newest.
  await page.reload();
  await expectNoAxeViolations(page);
  await page.getByRole("link", { name: "A webhook event could not be processed" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks(\/evt_[\w-]+|\?state=poisoned)$/);
  if (page.url().includes("state=poisoned")) await page.getByRole("link", { name: eventId }).click();
  await expect(page.getByRole("heading", { level: 1, name: eventId })).toBeVisible();
  await expect(detail(page, "State")).toHaveText("Poisoned");
  await expect(detail(page, "Attempts")).toHaveText("8");
  await expect(page.getByText("The event's body lacks a field the portal needs, or has one of the wrong type: kyc_status.")).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-webhook-event");

  // To its application, and from there to the cardholder's events, where it is listed.
  await page.getByTestId("event-application").click();
  await expect(page).toHaveURL(new RegExp(`/admin/applications/${id}$`));
  await page.getByRole("link", { name: "Webhook events of this cardholder" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/webhooks\\?cardholder=${cardholderId}$`));
  const listed = page.getByRole("row").filter({ hasText: eventId });
  await expect(listed).toContainText("Poisoned");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-webhook-cardholder-events");

  // Reprocessed: back in the queue, tried once more by the same rules, and poisoned again with one attempt more.
  await listed.getByRole("link", { name: eventId }).click();
  await page.getByRole("button", { name: "Reprocess this event" }).click();
  await page.getByRole("button", { name: "Yes, reprocess" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The event is back in the queue (pending)." })).toBeVisible();
  await expect.poll(async () => (await page.reload(), await detail(page, "Attempts").innerText()), { timeout: 30_000 }).toBe("9");
  await expect(detail(page, "State")).toHaveText("Poisoned");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-webhook-reprocessed");
});

/** The quoted cells of one CSV line (every cell of the portal's exports is quoted). */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => (m[1] ?? "").replace(/""/g, '"'));

test("a card's transactions to CSV: found by its last four, the amount readable, the file's rows checked @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  const { cardholderId } = await onboardThroughApi(request, String(baseURL), plantedValues("CSV"));
  // The issuer's view of the cardholder names its card and the masked number, as the person reads it off the card.
  const holder = await sandboxCall(request, "GET", `/sandbox/api/open/v2/issuing/cardholders/${cardholderId}`);
  const [issued] = (holder.json.data?.cards ?? []) as Array<{ id: string; card_number: string }>;
  const cardId = issued?.id ?? "";
  const lastFour = (issued?.card_number ?? "").slice(-4);
  expect(lastFour).toMatch(/^\d{4}$/);
  const merchant = `Ledger Hall ${randomUUID().slice(0, 6)}`;
  // Above the card's balance (it was opened with none): the issuer declines it, and it is recorded all the same.
  await sandboxCall(request, "POST", `/sandbox/simulate/cards/${cardId}/authorizations`, {
    amount: "1234.56",
    currency: "USD",
    merchant_name: merchant,
  });
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await admin.dispose();

  await signInOnPage(page, agent, "/admin/transactions");
  await page.getByLabel("Card", { exact: true }).fill(lastFour);
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/transactions\\?card=${lastFour}`));
  // The webhook comes through the sink a moment later; other cards may share these last four digits.
  const table = page.getByRole("region", { name: "Card authorizations" });
  const row = table.getByRole("row").filter({ hasText: merchant });
  await expect.poll(async () => (await page.reload(), await row.count()), { timeout: 30_000 }).toBe(1);
  await expect(row).toContainText(cardId);
  await expect(row).toContainText(/USD\s1,234\.56/);
  await expect(row).toContainText("DECLINED");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-transactions-filtered");

  await row.getByRole("link", { name: cardId }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/cards/${cardId}$`));
  await expect(detail(page, "Card number")).toHaveText(new RegExp(`${lastFour}$`));
  await expect(page.getByRole("row").filter({ hasText: merchant })).toContainText(/USD\s1,234\.56/);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-card");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download this card's transactions (CSV)" }).click(),
  ]);
  const lines = readFileSync(await download.path(), "utf8")
    .replace(/^\uFEFF/, "")
    .trim()
    .split("\r\n");
  const header = (lines[0] ?? "").split(",");
  expect(lines).toHaveLength(2);
  const rowOf = Object.fromEntries(cells(lines[1] ?? "").map((value, i) => [header[i], value]));
  expect(rowOf).toMatchObject({
    card_id: cardId,
    cardholder_id: cardholderId,
    merchant_name: merchant,
    amount: "1234.56",
    currency: "USD",
    status: "DECLINED",
  });
  expect(rowOf.card_number).toMatch(new RegExp(`${lastFour}$`));
});

test("reconciliation with drift both ways: each difference in its direction, the unrecorded card fixed and listed @phone", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  // Behind the portal's back: the issuer loses a cardholder the portal holds, and gains a card and a cardholder the
  // portal never made.
  const { id, cardId, lost, strangerId } = await makeDrift(request, { first: "Percy", last: "Shelley" });
  const demo = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const admin = await newStaff(demo, "admin");
  await demo.dispose();

  await signInOnPage(page, admin, "/admin/reconciliation");
  await page.getByRole("button", { name: "Run reconciliation now" }).click();
  await expect(page.getByText("Reconciliation finished.")).toBeVisible({ timeout: 30_000 });
  const findings = page.getByRole("region", { name: "Findings of this run" });
  // The issuer has what the portal does not know.
  await expect(findings.getByRole("row").filter({ hasText: strangerId })).toContainText("Cardholder unknown to the portal");
  const card = findings.getByRole("row").filter({ hasText: cardId });
  await expect(card).toContainText("Card not recorded");
  // The portal holds what the issuer no longer has.
  const missing = findings.getByRole("row").filter({ hasText: lost.cardholderId });
  await expect(missing).toContainText("Cardholder missing at the issuer");
  await expect(missing.getByRole("link", { name: lost.id })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-reconciliation-findings");

  await card.getByRole("button", { name: /^Fix finding/ }).click();
  await expect(card).toContainText(`Fixed by ${admin.email}`);
  await saveScreenshot(page, testInfo, "journey-reconciliation-fixed");

  await page.getByRole("navigation", { name: "Staff area" }).getByRole("link", { name: "Cards" }).click();
  const recorded = page.getByRole("table", { name: "Cards recorded by reconciliation" }).getByRole("row").filter({ hasText: cardId });
  await expect(recorded).toContainText(id);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "journey-reconciliation-cards");
});
