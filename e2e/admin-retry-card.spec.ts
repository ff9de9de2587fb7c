import type { Page } from "@playwright/test";
import { issuerRecord, stateOf, storedState } from "./support/applicant";
import { openCase, pendingStandard, section } from "./support/case-page";
import { sandboxCall } from "./support/sandbox-api";
import { DEMO_ADMIN, newStaff, staffApi, type StaffLogin } from "./support/staff";
import { clientHeaders, expect, test } from "./support/test";

// An agent's retry of a card issuance whose answer was lost. It runs in the alone pass (playwright.config.ts):
// it makes the sandbox drop the answer of every write, which would fail any other test running meanwhile.

let agent: StaffLogin;

test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const admin = await staffApi(playwright, String(baseURL), DEMO_ADMIN, clientHeaders(testInfo, "admin"));
  agent = await newStaff(admin, "agent");
  await admin.dispose();
});

const openAsAgent = (page: Page, id: string) => openCase(page, agent, id);

test("an agent retries a card issuance whose answer was lost; the one card is issued", async ({ page, request }) => {
  test.setTimeout(150_000);
  const { id, email } = await pendingStandard(request);
  const { id: cardholderId } = await issuerRecord(request, email);
  // Every write is carried out upstream but its answer is lost: the issuance stays claimed. The faults go on before
  // the check passes (set after it, a fast portal had issued the card first) and stay on until the agent's first
  // retry, so no call still in flight can finish the issuance behind the agent's back.
  await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { drop_rate: 1 });
  try {
    await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/status`, { status: "SUCCESS" });
    await expect.poll(() => stateOf(request, id), { timeout: 30_000 }).toBe("card_issuing");
    await openAsAgent(page, id);
    const retry = section(page, "Card issuance");
    const retryOnce = async () => {
      await retry.getByRole("button", { name: "Retry card issuance" }).click();
      await retry.getByRole("button", { name: "Retry now" }).click();
    };
    await retryOnce();
    // A fresh claim is left to its owner; its last try lost the answer, so the agent is told the issuer did not answer.
    await expect(retry.getByText(/the card issuer is unavailable \(HTTP 502, request id [0-9a-f-]{36}\)/)).toBeVisible();
    expect(await storedState(request, id)).toBe("card_issuing");
    await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {});
    // Once the claim is stale (30 s), the agent's retry sends the same request again and gets the one card.
    await expect(async () => {
      if (await retry.isVisible()) await retryOnce();
      expect(await storedState(request, id)).toBe("card_issued");
    }).toPass({ timeout: 70_000, intervals: [5_000] });
  } finally {
    await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {});
  }
  // Exactly one card upstream, although its creation was sent several times.
  const detail = await sandboxCall(request, "GET", `/sandbox/api/open/v2/issuing/cardholders/${cardholderId}`);
  expect((detail.json.data?.cards as unknown[] | undefined)?.length).toBe(1);
});

test("with the issuer failing, a retry and a new link say it is unavailable, with the status and request id", async ({ page, request }) => {
  test.setTimeout(120_000);
  const { id, email } = await pendingStandard(request);
  const { id: cardholderId } = await issuerRecord(request, email);
  const waiting = await pendingStandard(request);
  // Every Open API call fails with 503 from now on; the approval still arrives by webhook and the card creation fails.
  await sandboxCall(request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 });
  try {
    await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/kyc`, { kyc_status: "VERIFIED" });
    await sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/status`, { status: "SUCCESS" });
    await expect.poll(() => storedState(request, id), { timeout: 30_000 }).toBe("card_issuing");
    await openAsAgent(page, id);
    const retry = section(page, "Card issuance");
    await retry.getByRole("button", { name: "Retry card issuance" }).click();
    await retry.getByRole("button", { name: "Retry now" }).click();
    const unavailable =
      /The card is not issued: the card issuer is unavailable \(HTTP 503, request id [0-9a-f-]{36}\)\. The next automatic try is from /;
    await expect(retry.getByText(unavailable)).toBeVisible();
    await expect(retry.getByText("Card being issued")).toHaveCount(0);
    // The summary's next step agrees: retrying, not "Nothing to do".
    await expect(page.getByText("Retry card issuance if it stays here")).toBeVisible();
    await expect(page.getByText("Nothing to do: the card is created in a moment.")).toHaveCount(0);
    expect(await storedState(request, id)).toBe("card_issuing");

    await page.goto(`/admin/applications/${waiting.id}`);
    const link = section(page, "Identity-check link");
    await link.getByRole("button", { name: "Issue a new identity-check link" }).click();
    await expect(link.getByRole("alert")).toContainText(/The card issuer is unavailable \(HTTP 503, request id [0-9a-f-]{36}\)/);
  } finally {
    await sandboxCall(request, "PUT", "/sandbox/simulate/faults", {});
  }
  // The outages opened the portal's circuit breaker (10 s after the last one): the test leaves only once a call goes
  // through again, so the next spec on this server (admin-search) does not meet CIRCUIT_OPEN.
  await expect
    .poll(async () => (await page.request.post(`/api/admin/applications/${waiting.id}/kyc-link`, { data: {} })).status(), {
      timeout: 30_000,
      intervals: [1_000],
    })
    .toBe(200);
});
