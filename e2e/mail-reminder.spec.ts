import { existsSync, writeFileSync } from "node:fs";
import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./support/test";
import { linksOfMail, openMail } from "./support/mailbox";
import { PNG } from "./support/open-api";
import { freePort, startServer, waitForHttp } from "./support/spawn-server";

// The identity-check reminder needs a day to pass. A server of its own runs under Debian's libfaketime, its clock
// read from a file: writing "+25h" there moves the portal's (and its sandbox's) clock a day ahead, timers untouched.

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

test("a person waiting on the identity check is reminded a day later, follows the link, passes it and is told the card is issued", async ({
  page,
}, testInfo) => {
  test.skip(!existsSync(LIBFAKETIME), "needs Debian's faketime (.ci/run installs it)");
  test.setTimeout(240_000);
  const clock = testInfo.outputPath("clock");
  writeFileSync(clock, "+0");
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = startServer(port, {
    DATA_DIR: testInfo.outputPath("data"),
    APP_URL: origin,
    SANDBOX_APPROVAL_DELAY_MS: "200",
    KYC_REMINDER_HOURS: "24",
    // The admins' digest is due from this hour on: today's goes out at start.
    ADMIN_DIGEST_HOUR: String(new Date().getUTCHours()),
    LD_PRELOAD: LIBFAKETIME,
    FAKETIME_TIMESTAMP_FILE: clock,
    FAKETIME_NO_CACHE: "1",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  });
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    await waitForHttp(`${origin}/api/health`, 120_000);
    const email = `remind.${Date.now()}@example.com`;
    const started = await api.post("/api/applications", { data: { productId: "prod_travel_standard_usd" } });
    expect(started.status()).toBe(201);
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    const doc = await api.post(`/api/applications/${id}/documents`, {
      multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
    });
    expect(doc.status()).toBe(200);
    for (const [step, values] of [
      ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
      ["contact", { email, area_code: "+44", mobile_number: "7700900123" }],
      ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
    ] as const) {
      const saved = await api.put(`/api/applications/${id}/draft`, { data: { step, values } });
      expect(saved.status(), await saved.text()).toBe(200);
    }
    expect((await api.post(`/api/applications/${id}/submit`, { data: {} })).status()).toBe(200);

    // Nothing after an hour; the reminder once a day has passed.
    writeFileSync(clock, "+25h");
    await openMail(
      page,
      email,
      "Finish verifying your identity for your Card portal (sandbox) card",
      { testInfo, name: "kyc-reminder" },
      origin,
    );
    const [link] = await linksOfMail(page, /\/apply\/resume\//);
    await page.goto(link!);
    await page.getByRole("button", { name: "Continue on this device" }).click();
    await expect(page).toHaveURL(/\/status$/);
    await page.getByRole("link", { name: "Continue the identity check" }).click();
    // The identity check's own link (30 minutes) expired during the day: the verify page gets a new one first.
    await expect(page).toHaveURL(/\/verify$/);
    await page.getByRole("button", { name: "Get a new link" }).click();
    await page.getByRole("link", { name: "Continue to the identity check" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page.getByText("Your card is issued")).toBeVisible({ timeout: 30_000 });
    await openMail(page, email, "Your Card portal (sandbox) card is issued", { testInfo, name: "card-issued" }, origin);
    // The admins' daily email, with the link to the queue of what needs attention.
    await openMail(
      page,
      "admin@example.com",
      /applications need attention on the Card portal \(sandbox\) card portal/,
      { testInfo, name: "admin-digest" },
      origin,
    );
    expect(await linksOfMail(page, /\/admin\/applications\?/)).toHaveLength(1);
    // The reminder was one; none came after the check finished.
    await page.goto(`${origin}/sandbox/mail?to=${encodeURIComponent(email)}`);
    await expect(page.getByRole("link", { name: /Finish verifying your identity/ })).toHaveCount(1);
  } finally {
    await api.dispose();
    await server.stop();
  }
});
