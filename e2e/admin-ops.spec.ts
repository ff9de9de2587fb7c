import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { dataString, sandboxCall } from "./support/sandbox-api";
import { getDeliveries } from "./support/sink";
import { DEMO_ADMIN, newStaff, signInOnPage, staffApi } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// Issue #12, webhook inspector, transactions and cards: real webhooks from the sandbox (an onboarding to a card,
// then an authorization), a redelivery, a badly signed POST, a parked and a poisoned event reprocessed by an agent,
// a viewer who sees no body and no reprocess button; every page axe-clean in both languages.

const SECRET = "sandbox_webhook_secret";
const sign = (body: string) => createHmac("sha256", SECRET).update(body).digest("base64");
const iso = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
const STRANGER = `card_e2e_${randomUUID().slice(0, 8)}`;
const POISON = `card_poison_${randomUUID().slice(0, 8)}`;
const authorization = (card: string, over: Record<string, unknown> = {}) => ({
  transaction_id: `txn_${randomUUID()}`,
  card_id: card,
  card_number: "5100********0042",
  transaction_type: "AUTHORIZATION",
  transaction_status: "APPROVED",
  transaction_amount: "3.21",
  transaction_currency: "SGD",
  billing_amount: "2.40",
  billing_currency: "USD",
  transaction_time: "2026-11-20T09:00:00+00:00",
  merchant_data: [{ name: "Stranger Shop", city: "Lisbon", country: "PT", category_code: "5411" }],
  ...over,
});
const envelope = (type: string, data: Record<string, unknown>, at = new Date()) =>
  JSON.stringify({ account_no: "8800****4321", data, event_id: `evt_${randomUUID()}`, event_type: type, timestamp: iso(at) });

// The poisoned event needs the processor's whole backoff (about two minutes): it is posted first, checked last.
const poisonBody = envelope("card.transaction.authorization", authorization(POISON, { transaction_amount: undefined }));
const poisonId = JSON.parse(poisonBody).event_id as string;
let cardId = "";

test.describe.configure({ mode: "serial" });

const failureTotal = async (page: Page) => {
  await page.goto("/admin/webhooks");
  const total = page.getByTestId("signature-failure-total");
  return (await total.count()) ? Number((await total.innerText()).match(/\d+/)?.[0] ?? 0) : 0;
};

test("real webhooks: a card's authorization, a redelivery, a bad signature, a parked event reprocessed", async ({
  page,
  request,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const post = (body: string, signature = sign(body)) =>
    request.post("/api/webhooks/issuer", {
      data: Buffer.from(body),
      headers: { "content-type": "application/json", "x-wk-signature": signature },
    });
  expect((await post(poisonBody)).status()).toBe(200);

  const { id, cardholderId } = await onboardThroughApi(request, String(baseURL), plantedValues("OPS"));
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await admin.dispose();
  await signInOnPage(page, agent, "/admin/cards");
  const row = page.getByRole("row").filter({ hasText: cardholderId });
  await expect(row).toHaveCount(1);
  cardId = (await row.getByRole("link").first().innerText()).trim();
  expect(cardId).toBeTruthy();

  // The sandbox's test helper: an authorization on the new card, delivered by a real signed webhook.
  const auth = await sandboxCall(request, "POST", `/sandbox/simulate/cards/${cardId}/authorizations`, {
    amount: "12.34",
    currency: "USD",
    merchant_name: "Ops Coffee",
  });
  const transactionId = dataString(auth, "transaction_id");
  await expect
    .poll(async () => (await page.goto(`/admin/cards/${cardId}`), await page.getByText("Ops Coffee").count()), { timeout: 30_000 })
    .toBe(1);
  await expect(page.getByRole("link", { name: id })).toBeVisible();
  await expectNoAxeViolations(page);

  // A redelivery of the stored event (the sink kept its raw body): stored once, counted as a duplicate.
  const delivered = (await getDeliveries(request)).find((d) => d.body.includes(transactionId));
  const raw = delivered?.body ?? "";
  const eventId = JSON.parse(raw).event_id as string;
  expect(await (await post(raw)).json()).toEqual({ ok: true, duplicate: true });
  await page.goto(`/admin/webhooks/${eventId}`);
  await expect(page.getByTestId("event-duplicates")).toHaveText("1");
  await expect(page.getByTestId("event-body")).toContainText(`"transaction_id": "${transactionId}"`);
  await expect(page.getByRole("cell", { name: "x-wk-signature" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-ops-event");

  // A badly signed POST: refused, counted in this hour's failures, its body kept nowhere.
  const before = await failureTotal(page);
  expect((await post(envelope("cardholder.updated", { cardholder_id: "ch_forged" }), "forged")).status()).toBe(401);
  // Other specs post badly signed webhooks meanwhile (the shared pass): the count grows by at least this one.
  expect(await failureTotal(page)).toBeGreaterThan(before);

  // A signed event dated 2001 is parked; the agent reprocesses it and it is applied: a card the portal does not know.
  const parked = envelope("card.transaction.authorization", authorization(STRANGER), new Date("2001-01-01T00:00:00Z"));
  expect(await (await post(parked)).json()).toMatchObject({ parked: true });
  await page.goto(`/admin/webhooks?state=parked&type=card.transaction.authorization`);
  await page.getByRole("link", { name: JSON.parse(parked).event_id as string }).click();
  await page.getByRole("button", { name: "Reprocess this event" }).click();
  await page.getByRole("button", { name: "Yes, reprocess" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The event is back in the queue" })).toBeVisible();
  await expect
    .poll(async () => (await page.reload(), await page.getByText("Applied", { exact: true }).count()), { timeout: 20_000 })
    .toBe(1);
  await page.goto("/admin/cards");
  await expect(
    page.getByRole("region", { name: "Cards not issued through the portal" }).getByRole("link", { name: STRANGER }),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-ops-cards");
});

test("transactions: filters in the URL and the CSV export (audited)", async ({ page }, testInfo) => {
  await signInOnPage(page, DEMO_ADMIN, "/admin/transactions");
  await expect(page.getByRole("heading", { level: 1, name: "Card transactions" })).toBeVisible();
  await page.getByLabel("Card", { exact: true }).fill(STRANGER);
  await page.getByLabel("Currency").selectOption("SGD");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(new RegExp(`card=${STRANGER}.*currency=SGD`));
  const table = page.getByRole("region", { name: "Card authorizations" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table).toContainText("Stranger Shop");
  await expect(table).toContainText("Lisbon, PT");
  await expect(table).toContainText("SGD 3.21"); // written by the language's rules (lib/i18n/money.ts)
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-ops-transactions");
  await page.goto(`/admin/transactions?card=${STRANGER}&status=DECLINED`);
  await expect(page.getByText("No transaction matches these filters.")).toBeVisible();

  await page.goto(`/admin/transactions?card=${cardId}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download these transactions (CSV)" }).click();
  const text = readFileSync(await (await download).path(), "utf8");
  const lines = text.trim().split("\r\n");
  expect(lines[0]).toContain("transaction_id,transaction_time,recorded_at,card_id");
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain("Ops Coffee");
  await page.goto("/admin/audit?action=transactions.exported");
  await expect(page.getByText(cardId).first()).toBeVisible();
});

test("a viewer sees an event's details but no body and no reprocess button; every page in Chinese, tablet", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const viewer = await newStaff(admin, "viewer");
  await admin.dispose();
  await signInOnPage(page, viewer, `/admin/webhooks/${poisonId}`);
  await expect(page.getByText("your role sees the event's details but not its body")).toBeVisible();
  await expect(page.getByTestId("event-body")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Reprocess this event" })).toHaveCount(0);
  expect((await page.request.post(`/api/admin/webhooks/${poisonId}/reprocess`, { data: {} })).status()).toBe(403);
  await expectNoAxeViolations(page);
  // Viewers download nothing (issue #27, item 11): the lists show, their download links do not, and the files are refused.
  for (const url of ["/admin/transactions", `/admin/cards/${cardId}`, "/admin/audit"]) {
    await page.goto(url);
    await expect(page.getByRole("table").first()).toBeVisible();
    await expect(page.locator("a[download]")).toHaveCount(0);
  }
  for (const url of ["/api/admin/transactions/export", "/api/admin/audit/export", "/api/admin/applications/export"]) {
    expect((await page.request.get(url)).status(), url).toBe(403);
  }

  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto("/admin/webhooks");
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Webhook 查看器" })).toBeVisible();
  for (const [url, heading] of [
    ["/admin/webhooks", "Webhook 查看器"],
    [`/admin/webhooks/${poisonId}`, poisonId],
    ["/admin/transactions", "卡片交易"],
    ["/admin/cards", "卡片"],
    [`/admin/cards/${cardId}`, `卡片 ${cardId}`],
    [`/admin/cards/${STRANGER}`, `卡片 ${STRANGER}`],
  ]) {
    await page.goto(url ?? "");
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await saveScreenshot(page, testInfo, "admin-ops-card-zh-tablet");
  await page.goto("/admin/webhooks");
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-ops-webhooks-zh-tablet");
});

test("a poisoned event (the processor could not apply it) is reprocessed by an agent, audited", async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  const agent = await newStaff(admin, "agent");
  await signInOnPage(page, agent, `/admin/webhooks?state=poisoned`);
  // Eight tries with backoff from WEBHOOK_RETRY_BASE_MS (100 ms in playwright.config.ts, doubling): about 13 s.
  await expect
    .poll(async () => (await page.reload(), await page.getByRole("link", { name: poisonId }).count()), {
      timeout: 90_000,
      intervals: [2_000],
    })
    .toBe(1);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "admin-ops-webhooks");
  // The dashboard's "could not be processed" opens the event (alone) or the poisoned events (several), not the queue.
  await page.goto("/admin");
  await page.getByRole("link", { name: "A webhook event could not be processed" }).click();
  await expect(page).toHaveURL(/\/admin\/webhooks(\/evt_[\w-]+|\?state=poisoned)$/);
  if (page.url().includes("state=poisoned")) await page.getByRole("link", { name: poisonId }).click();
  await expect(page.getByRole("heading", { level: 1, name: poisonId })).toBeVisible();
  await expect(page.getByText("Poisoned", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Reprocess this event" }).click();
  await page.getByRole("button", { name: "Yes, reprocess" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The event is back in the queue" })).toBeVisible();
  // It still cannot be applied: one more try, and it is poisoned again with one attempt more.
  await expect
    .poll(async () => (await page.reload(), await page.getByText("Poisoned", { exact: true }).count()), { timeout: 30_000 })
    .toBe(1);
  // Why, in a sentence; the processor's raw error folded beneath it.
  await expect(
    page.getByText("The event's body lacks a field the portal needs, or has one of the wrong type: transaction_amount."),
  ).toBeVisible();
  await page.getByText("Technical detail").click();
  await expect(page.locator("details pre")).toContainText('"path"');
  await expectNoAxeViolations(page);
  const audit = await admin.get("/api/admin/audit/export?action=webhook.reprocessed");
  expect(await audit.text()).toContain(poisonId);
  await admin.dispose();
});
