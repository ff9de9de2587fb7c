import { existsSync, writeFileSync } from "node:fs";
import { expect, test } from "./support/test";
import { fillAboutYou, fillContact, fillPassport, saveAndContinue } from "./support/apply";
import { linksOfMail, openMail } from "./support/mailbox";
import { saveScreenshot } from "./support/a11y";
import { freePort, startServer, waitForHttp } from "./support/spawn-server";

// One person's whole journey by email, on a server of its own that runs under Debian's libfaketime, its clock read
// from a file: writing "+25h" there moves the portal's (and its sandbox's) clock a day ahead, timers untouched.

const LIBFAKETIME = "/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1";

test("a person asks for the link by email, continues in another browser, finishes, is reminded a day later, passes the check and is told the card is issued", async ({
  page,
  browser,
}, testInfo) => {
  // On CI a missing faketime is a broken install (.ci/run installs it), not a reason to skip the day-later journey.
  if (process.env.CI) expect(existsSync(LIBFAKETIME), `${LIBFAKETIME} is missing: .ci/run installs Debian's faketime`).toBe(true);
  else test.skip(!existsSync(LIBFAKETIME), "needs Debian's faketime (.ci/run installs it)");
  test.setTimeout(300_000);
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
  const other = await browser.newContext();
  try {
    await waitForHttp(`${origin}/api/health`, 120_000);
    const email = `journey.${Date.now()}@example.com`;
    // On the first device: the application as far as the address step, and the link by email.
    await page.goto(`${origin}/`);
    const card = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "Travel Visa Card" }) });
    await card.getByRole("button", { name: "Apply for this card" }).click();
    await expect(page).toHaveURL(/\/about-you$/);
    await fillAboutYou(page);
    await saveAndContinue(page);
    await fillContact(page, "+44", email);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/address$/);
    await page.getByRole("button", { name: "Email me this link" }).click();
    await expect(page.getByText(/^We sent the link to j•••@example\.com\./)).toBeVisible();

    // On the other device: the inbox, the link, and the rest of the application.
    const phone = await other.newPage();
    await openMail(phone, email, "Continue your card application with Card portal (sandbox)", undefined, origin);
    const [link] = await linksOfMail(phone, /\/apply\/resume\//);
    await phone.goto(link!);
    await phone.getByRole("button", { name: "Continue on this device" }).click();
    await expect(phone).toHaveURL(/\/address$/);
    await saveAndContinue(phone);
    await expect(phone).toHaveURL(/\/identity-document$/);
    await fillPassport(phone);
    await saveAndContinue(phone);
    await expect(phone).toHaveURL(/\/review$/);
    await phone.getByRole("button", { name: "Confirm and apply" }).click();
    await expect(phone).toHaveURL(/\/verify$/);

    // The person does not verify yet. A day later, the reminder, whose link opens the application again. The
    // reminders' look runs once a minute (lib/jobs/reminders.ts): the wait covers a whole minute whatever its phase.
    writeFileSync(clock, "+25h");
    await openMail(
      phone,
      email,
      "Finish verifying your identity for your Card portal (sandbox) card",
      { testInfo, name: "kyc-reminder" },
      origin,
      90_000,
    );
    const [again] = await linksOfMail(phone, /\/apply\/resume\//);
    await phone.goto(again!);
    await phone.getByRole("button", { name: "Continue on this device" }).click();
    await expect(phone).toHaveURL(/\/status$/);
    // The identity check's own link (30 minutes) expired during the day: the page says so first, with one action
    // (issue 28 item 7), not "in progress" with a link that no longer works.
    await expect(phone.getByText("Your identity check link has expired")).toBeVisible();
    await expect(phone.getByRole("link", { name: "Continue the identity check" })).toHaveCount(0);
    await saveScreenshot(phone, testInfo, "kyc-link-expired");
    await phone.getByRole("button", { name: "Start the identity check again" }).click();
    await expect(phone).toHaveURL(/\/verify$/);
    await phone.getByRole("link", { name: "Continue to the identity check" }).click();
    await phone.getByRole("button", { name: "Approve" }).click();
    await expect(phone.getByText("Your card is issued")).toBeVisible({ timeout: 30_000 });
    await openMail(phone, email, "Your Card portal (sandbox) card is issued", { testInfo, name: "card-issued" }, origin);
    // One reminder: none came after the check finished.
    await phone.goto(`${origin}/sandbox/mail?to=${encodeURIComponent(email)}`);
    await expect(phone.getByRole("link", { name: /Finish verifying your identity/ })).toHaveCount(1);

    // The admins' daily email, with the link to the queue of what needs attention.
    await openMail(
      phone,
      "admin@example.com",
      /applications need attention on the Card portal \(sandbox\) card portal/,
      { testInfo, name: "admin-digest" },
      origin,
    );
    expect(await linksOfMail(phone, /\/admin\/applications\?/)).toHaveLength(1);
  } finally {
    await other.close();
    await server.stop();
  }
});
