import { randomUUID } from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { startReceiver, type Receiver } from "../lib/events/testing/receiver";
import { checkPage, fillAboutYou, fillContact, fillPassport, saveAndContinue } from "./support/apply";
import { issuerRecord } from "./support/applicant";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, signInOnPage } from "./support/staff";
import { expect, test } from "./support/test";

// Issue #29's journey: an admin adds the merchant's endpoint on /admin/events (a receiver this test starts, which
// verifies every post with the Standard Webhooks library), invites a customer with a reference, the customer is
// issued a card in a browser, and the receiver gets the application's events in order, each verified and carrying
// the reference. A rotation then signs with both secrets through the overlap.

const TRAVEL = "prod_travel_standard_usd";
const IN_ORDER = ["application.started", "application.submitted", "application.identity_check.approved", "application.card_issued"];

let receiver: Receiver;
test.beforeEach(async () => {
  receiver = await startReceiver([]);
});
test.afterEach(async () => {
  await receiver.close();
});

/** Adds the endpoint on the admin page; answers its id and the secret shown once. */
async function addEndpoint(page: Page, url: string): Promise<{ id: string; secret: string }> {
  await page.goto("/admin/events");
  await page.getByLabel("Address (URL)").fill(url);
  await page.getByLabel("Description").fill("Our CRM (e2e journey)");
  await page.getByRole("button", { name: "Add the endpoint" }).click();
  const secret = await page.getByLabel("Signing secret", { exact: true }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  const href = await page
    .getByRole("link", { name: `Settings of ${url}` })
    .first()
    .getAttribute("href");
  const id = /ep_[\w-]+/.exec(href ?? "")?.[0] ?? "";
  expect(id).toMatch(/^ep_/);
  return { id, secret };
}

/** The customer, in a browser of its own, from the invitation to "Your card is issued"; answers the application id. */
async function issueFrom(browser: Browser, url: string, email: string): Promise<string> {
  const context = await browser.newContext();
  const person = await context.newPage();
  await person.goto(url);
  const card = person.getByRole("article").filter({ has: person.getByRole("heading", { name: "Travel Visa Card" }) });
  await card.getByRole("button", { name: "Apply for this card" }).click();
  await expect(person).toHaveURL(/\/apply\/app_[^/]+\/about-you$/);
  const id = /\/apply\/(app_[^/]+)\//.exec(person.url())?.[1] ?? "";
  await fillAboutYou(person);
  await saveAndContinue(person);
  await expect(person).toHaveURL(/\/contact$/);
  await fillContact(person, "+44", email);
  await saveAndContinue(person);
  await expect(person).toHaveURL(/\/address$/);
  await saveAndContinue(person);
  await expect(person).toHaveURL(/\/identity-document$/);
  await fillPassport(person);
  await saveAndContinue(person);
  await person.getByRole("button", { name: "Confirm and apply" }).click();
  await person.getByRole("link", { name: "Continue to the identity check" }).click();
  await person.getByRole("button", { name: "Approve" }).click();
  await expect(person.getByText("Your card is issued")).toBeVisible({ timeout: 30_000 });
  await context.close();
  return id;
}

const bodyOf = (text: string) => JSON.parse(text) as { type: string; data: Record<string, unknown> };

test("an endpoint added on the page receives a customer's events in order, verified, with the reference; a rotation keeps them verifying @phone", async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.slow(); // a whole onboarding in a second browser, on a loaded machine
  await signInOnPage(page, DEMO_ADMIN, "/admin");
  const endpoint = await addEndpoint(page, receiver.url);
  receiver.secrets = [endpoint.secret];

  // The merchant invites its customer with its own reference, sealed in the link.
  const reference = `crm-${randomUUID().slice(0, 8)}`;
  const email = `events.${Date.now()}@example.com`;
  await page.goto("/admin/invite");
  await page.getByLabel("Card", { exact: true }).selectOption({ value: TRAVEL });
  await page.getByLabel("Applicant's email address").fill(email);
  await page.getByLabel("Your customer reference").fill(reference);
  await page.getByRole("button", { name: "Create the invitation" }).click();
  const invitation = await page.getByLabel("Invitation link").inputValue();

  const applicationId = await issueFrom(browser, invitation, email);
  const ofThis = () => receiver.received.filter((r) => r.applicationId === applicationId && r.answered === 200);
  await expect.poll(() => ofThis().map((r) => r.type), { timeout: 30_000 }).toEqual(IN_ORDER);
  for (const received of ofThis()) {
    const { data } = bodyOf(received.body);
    expect(data.merchant_reference).toBe(reference);
    expect(data.application_id).toBe(applicationId);
    // Ids, states and times only: never an answer of the applicant's.
    expect(received.body).not.toContain(email);
    expect(received.body).not.toContain("P1234567");
  }
  // Nothing arrived unverified (the receiver answers 401 to a post no secret verifies).
  expect(receiver.received.filter((r) => r.applicationId === applicationId && r.answered !== 200)).toEqual([]);

  // A rotation: the receiver still knows only the old secret and keeps verifying through the overlap; the post
  // carries both signatures, and the new secret alone verifies it too.
  await page.goto(`/admin/events/${endpoint.id}`);
  await page.getByRole("button", { name: "Rotate the secret" }).click();
  const rotated = await page.getByLabel("Signing secret", { exact: true }).inputValue();
  expect(rotated).toMatch(/^whsec_/);
  expect(rotated).not.toBe(endpoint.secret);
  await expect(page.getByTestId("endpoint-secret-state")).toContainText("the previous secret still signs until");

  const { id: cardholderId } = await issuerRecord(request, email);
  const holder = await sandboxCall(request, "GET", `/sandbox/api/open/v2/issuing/cardholders/${cardholderId}`);
  const [card] = (holder.json.data?.cards ?? []) as Array<{ id: string }>;
  await sandboxCall(request, "POST", `/sandbox/simulate/cards/${card?.id ?? ""}/authorizations`, {
    amount: "3.20",
    currency: "USD",
    merchant_name: "Events Coffee",
  });
  const authorized = () => ofThis().filter((r) => r.type === "card.transaction.authorized");
  await expect.poll(() => authorized().length, { timeout: 30_000 }).toBe(1);
  const post = authorized()[0];
  expect(post?.signatures).toBe(2);
  expect(() => new Webhook(rotated).verify(post?.body ?? "", post?.headers ?? {})).not.toThrow();
  expect(bodyOf(authorized()[0]?.body ?? "{}").data.merchant_reference).toBe(reference);

  // The endpoint's pages and the application's section in Chinese, each with an accessibility check.
  await page.getByRole("button", { name: "切换到中文" }).click();
  await expect(page.getByRole("button", { name: "Switch to English" })).toBeVisible();
  await checkPage(page, testInfo, "events-journey-endpoint-zh");
  await page.goto(`/admin/events/${endpoint.id}/deliveries`);
  await expect(page.getByRole("heading", { name: "投递记录", level: 1 })).toBeVisible();
  await checkPage(page, testInfo, "events-journey-log-zh");
  await page.goto(`/admin/applications/${applicationId}`);
  await expect(page.getByRole("heading", { name: "发送到商户系统的事件" })).toBeVisible();
  await checkPage(page, testInfo, "events-journey-application-zh");
  await page.getByRole("button", { name: "Switch to English" }).click();
  await expect(page.getByRole("button", { name: "切换到中文" })).toBeVisible();
  await page.goto(`/admin/events/${endpoint.id}`);

  // Cleared away: an endpoint left behind would receive every later test's events.
  await page.getByRole("button", { name: "Delete the endpoint" }).click();
  await page.getByRole("button", { name: "Delete it" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
});
