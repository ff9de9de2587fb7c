import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { fillStandard, issuerRecord, startDraft, submit } from "./support/applicant";
import { checkPage } from "./support/apply";
import { sandboxCall } from "./support/sandbox-api";
import { useChinese } from "./support/seed";
import { expect, test } from "./support/test";
import type { APIRequestContext } from "@playwright/test";

// Issue #13: the status page right after the hosted identity check, and during a long issuer outage.

/** A Standard application sent to the issuer and waiting for its identity check; answers its id and cardholder. */
async function waitingForCheck(request: APIRequestContext) {
  const id = await startDraft(request);
  const email = await fillStandard(request, id);
  expect(await submit(request, id)).toBe("kyc_pending");
  return { id, cardholderId: (await issuerRecord(request, email)).id };
}

const verify = (request: APIRequestContext, cardholderId: string) =>
  sandboxCall(request, "POST", `/sandbox/simulate/cardholders/${cardholderId}/kyc`, { kyc_status: "VERIFIED" });

test.describe("the status page @phone", () => {
  test("back from the identity check it says it is checking the result, not to do the check again", async ({ page }, testInfo) => {
    const { id, cardholderId } = await waitingForCheck(page.request);
    // Opened any other way, the page offers the check.
    await page.goto(`/apply/${id}/status`);
    await expect(page.getByRole("link", { name: "Continue the identity check" })).toBeVisible();

    // The hosted page's return link (?kyc=...), before the issuer has told the portal anything.
    await page.goto(`/apply/${id}/status?kyc=approved`);
    await expect(page.getByText("Checking your result", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Continue the identity check" })).toHaveCount(0);
    await expect(page.getByText("We are waiting for the result of your identity check.")).toHaveCount(0);
    await checkPage(page, testInfo, "40-status-checking");
    await page.getByRole("button", { name: "切换到中文" }).click();
    await expect(page.getByText("正在确认您的结果", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "继续身份核验" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    await verify(page.request, cardholderId);
    await expect(page.getByText("您的卡片已发行")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText("正在确认您的结果", { exact: true })).toHaveCount(0);
  });

  test("a long issuer outage: after 20 s the page says the issuer is slow and keeps trying; nothing is lost", async ({
    page,
    context,
    baseURL,
  }, testInfo) => {
    // Desktop reads it in English, the phone in Chinese (the page's language is fixed before the outage: a
    // language switch during it would fetch the page again from a failing issuer).
    const zh = testInfo.project.name === "phone";
    const text = zh
      ? { waiting: "我们正在等待您的身份核验结果。", slow: "发卡机构响应缓慢", issued: "您的卡片已发行" }
      : {
          waiting: "We are waiting for the result of your identity check.",
          slow: "The card issuer is slow to answer",
          issued: "Your card is issued",
        };
    const { id, cardholderId } = await waitingForCheck(page.request);
    if (zh) await useChinese(context, baseURL);
    // The page's clock runs on its own, and is moved on past the 20 s instead of waiting them out.
    await page.clock.install();
    await page.goto(`/apply/${id}/status`);
    await expect(page.getByText(text.waiting)).toBeVisible();
    try {
      expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", { error_rate: 1 })).status).toBe(200);
      await expect(page.getByText(zh ? "暂时无法获取最新状态" : "The latest status could not be fetched")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(text.slow)).toHaveCount(0);
      await page.clock.fastForward(25_000);
      await expect(page.getByText(text.slow)).toBeVisible({ timeout: 30_000 });
      await expectNoAxeViolations(page);
      await saveScreenshot(page, testInfo, "41-status-issuer-slow");
      // Meanwhile the person passes the check; the page keeps asking and goes on once the issuer answers.
      await verify(page.request, cardholderId);
    } finally {
      expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
    }
    await expect(page.getByText(text.issued)).toBeVisible({ timeout: 45_000 });
    await expect(page.getByText(text.slow)).toHaveCount(0);
  });

  test("approved while the issuer drops its answers: the page says it waits for the issuer, then shows the card", async ({
    page,
  }, testInfo) => {
    // Issue 28 item 7: a 45 s issuer outage during issuing said only "we are issuing your card". Every write's answer
    // is dropped (the card is made, the portal never hears), so the portal keeps asking; reads still work.
    const { id, cardholderId } = await waitingForCheck(page.request);
    await page.goto(`/apply/${id}/status`);
    try {
      expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", { drop_rate: 1 })).status).toBe(200);
      await verify(page.request, cardholderId);
      await expect(page.getByText("Waiting for the card issuer")).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText("the card issuer is not answering at the moment")).toBeVisible();
      await checkPage(page, testInfo, "42-status-waiting-for-issuer");
    } finally {
      expect((await sandboxCall(page.request, "PUT", "/sandbox/simulate/faults", {})).status).toBe(200);
    }
    await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText("Waiting for the card issuer")).toHaveCount(0);
  });
});
