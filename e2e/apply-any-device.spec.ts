import { devices, type Browser, type BrowserContext, type Page, type TestInfo } from "@playwright/test";
import { fillAboutYou, fillContact, saveAndContinue, startFrom, checkPage } from "./support/apply";
import { linksOfMail, openMail } from "./support/mailbox";
import { useChinese } from "./support/seed";
import { clientHeaders, expect, test } from "./support/test";

// Issue #28 item 4: one application on any device. Started in one browser, continued in another with the personal
// link; the first is told where it went and since when (in its own time zone), and gets it back by email.

const ZONE = "Asia/Tokyo"; // far from the server's UTC: a time shown in the server's zone would be wrong
test.use({ timezoneId: ZONE, locale: "en-GB" });

const SUBJECT = "Continue your card application with Card portal (sandbox)";
const hhmm = (iso: string) => new Intl.DateTimeFormat("en-GB", { timeStyle: "short", timeZone: ZONE }).format(new Date(iso));

/** A second browser of the other kind: a phone beside a computer, a computer beside a phone. */
async function otherDevice(browser: Browser, testInfo: TestInfo, baseURL: string | undefined): Promise<BrowserContext> {
  const kind = testInfo.project.name.startsWith("phone") ? devices["Desktop Chrome"] : devices["Pixel 7"];
  return browser.newContext({ ...kind, baseURL, timezoneId: ZONE, locale: "en-GB", extraHTTPHeaders: clientHeaders(testInfo, "second") });
}

/** What the first browser is told of the second, and the second later of the first. */
const deviceWords = (testInfo: TestInfo) =>
  testInfo.project.name.startsWith("phone")
    ? { second: "your computer", first: "your phone" }
    : { second: "your phone", first: "your computer" };

/**
 * The "(since 17:42)" of the page: the time the takeover happened, in the browser's zone (with the date first only
 * if the test ran across midnight there).
 */
async function expectSince(page: Page, window: { from: number; to: number }, [open, close]: [string, string]) {
  const since = page.getByTestId("moved-since").first();
  await expect(since).toBeVisible();
  const iso = (await since.getAttribute("datetime")) ?? "";
  expect(new Date(iso).getTime()).toBeGreaterThanOrEqual(window.from - 1_000);
  expect(new Date(iso).getTime()).toBeLessThanOrEqual(window.to + 1_000);
  const escape = (s: string) => s.replace(/[()]/g, "\\$&");
  await expect(since).toHaveText(new RegExp(`^${escape(open)}(.+ )?${hhmm(iso)}${escape(close)}$`));
}

test.describe("one application on any device @phone", () => {
  test("continued elsewhere: Save and every page say where and since when, and a new link by email brings it back", async ({
    page,
    context,
    browser,
    baseURL,
  }, testInfo) => {
    test.slow();
    const words = deviceWords(testInfo);
    const email = `anydevice.${testInfo.project.name}.${Date.now()}@example.com`;
    await startFrom(page, "Travel Visa Card");
    await fillAboutYou(page);
    await saveAndContinue(page);
    await fillContact(page, "+44", email);
    await saveAndContinue(page);
    await expect(page).toHaveURL(/\/address$/);
    const id = /\/apply\/(app_[^/]+)\//.exec(page.url())?.[1] ?? "";
    const link = String(await page.getByTestId("resume-link").getAttribute("href"));

    // The second device continues with the link.
    const second = await otherDevice(browser, testInfo, baseURL);
    const other = await second.newPage();
    const from = Date.now();
    await other.goto(link);
    await other.getByRole("button", { name: "Continue on this device" }).click();
    await expect(other).toHaveURL(/\/address$/);
    const taken = { from, to: Date.now() };

    // The first browser's Save: where it went and since when, and the way back, in place of the form (whose spent
    // link goes too); no "try again".
    await saveAndContinue(page);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toContainText(`This application is now open on ${words.second}`);
    await expect(heading).toBeFocused();
    await expectSince(page, taken, ["(since ", ")"]);
    await expect(page.getByRole("button", { name: "Send me a new link" })).toBeVisible();
    await expect(page.getByText(/try again|could not be saved/i)).toHaveCount(0);
    await expect(page.getByTestId("resume-link")).toHaveCount(0);
    await expect(page).toHaveURL(/\/address$/);
    await checkPage(page, testInfo, "60-moved-save");

    // A reload: the same message as a page of its own, titled after it and the step; nothing of the answers.
    const reloaded = await page.reload();
    expect(reloaded?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`This application is now open on ${words.second}`);
    await expect(page).toHaveTitle("Open on another device – Address · Card portal");
    await expectSince(page, taken, ["(since ", ")"]);
    await expect(page.getByText("Start a new application")).toHaveCount(0);
    await expect(page.getByText(email)).toHaveCount(0);
    await expect(page.getByText("Lovelace")).toHaveCount(0);
    await checkPage(page, testInfo, "61-moved-page");
    for (const path of [`/apply/${id}`, `/apply/${id}/review`, `/apply/${id}/status`]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toContainText(`This application is now open on ${words.second}`);
    }

    // In Chinese too, with the time in the same zone.
    await useChinese(context, baseURL);
    await page.goto(`/apply/${id}/contact`);
    const zhDevice = words.second === "your phone" ? "您的手机" : "您的电脑";
    await expect(page.getByRole("heading", { level: 1 })).toContainText(`此申请现已在${zhDevice}上打开`);
    await expect(page).toHaveTitle("已在其他设备上打开 – 联系方式 · 卡片门户");
    await expectSince(page, taken, ["（自 ", " 起）"]);
    await expect(page.getByRole("button", { name: "给我发送新链接" })).toBeVisible();
    await checkPage(page, testInfo, "61-moved-page-zh");
    await context.addCookies([{ name: "locale", value: "en", url: baseURL ?? "http://localhost" }]);

    // The home page says where it went and leads to the way back.
    await page.goto("/");
    const offer = page.getByRole("region", { name: "Continue your application" });
    await expect(offer).toContainText(`now open on ${words.second}`);
    await expect(offer.getByTestId("moved-since")).toBeVisible();
    await checkPage(page, testInfo, "62-moved-home");
    await offer.getByRole("link", { name: "Get it back on this device" }).click();
    await expect(page).toHaveURL(new RegExp(`/apply/${id}$`));

    // "Send me a new link": sent to the address given, never shown here; the second device still holds it.
    await page.getByRole("button", { name: "Send me a new link" }).click();
    await expect(page.getByText("We sent a new link to the email address you gave.")).toBeVisible();
    const html = await page.content();
    for (const secret of [email, `${email[0]}•••`, "Lovelace"]) expect(html).not.toContain(secret);
    await checkPage(page, testInfo, "63-moved-sent");
    await other.reload();
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Address");

    // The mail's link takes the application back to the first browser; now the second is the one told.
    const inbox = await openMail(await context.newPage(), email, SUBJECT, { testInfo, name: `moved-link-${testInfo.project.name}` });
    const [fresh] = await linksOfMail(inbox, /\/apply\/resume\//);
    expect(fresh).not.toBe(link);
    const back = Date.now();
    await page.goto(String(fresh));
    await page.getByRole("button", { name: "Continue on this device" }).click();
    await expect(page).toHaveURL(/\/address$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Address");
    const takenBack = { from: back, to: Date.now() };
    await other.reload();
    await expect(other.getByRole("heading", { level: 1 })).toContainText(`This application is now open on ${words.first}`);
    await expectSince(other, takenBack, ["(since ", ")"]);

    // The spent link names the way forward: in the browser that lost the application, its way back.
    await other.goto(link);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
    await expect(other.getByTestId("moved-notice")).toContainText(`now open on ${words.first}`);
    await expect(other.getByRole("button", { name: "Send me a new link" })).toBeVisible();
    await checkPage(other, testInfo, "64-spent-link-moved");
    await page.goto(link);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This link cannot be used");
    await expect(page.getByText("If this link was used on another device, the application is open there")).toBeVisible();
    await second.close();
  });

  test("the API: the old browser learns where and when only; strangers get 'not found'; sends are limited", async ({
    request,
    playwright,
    baseURL,
  }, testInfo) => {
    const started = await request.post("/api/applications", { data: { productId: "prod_virtual_simplified_usd" } });
    expect(started.status()).toBe(201);
    const { application, resumeUrl } = (await started.json()) as { application: { id: string }; resumeUrl: string };
    const id = application.id;
    const email = `moved.api.${Date.now()}@example.com`;
    for (const [step, values] of [
      ["about-you", { first_name: "Grace", last_name: "Hopper" }],
      ["contact", { email, area_code: "+1", mobile_number: "2025550143" }],
    ] as const) {
      expect((await request.put(`/api/applications/${id}/draft`, { data: { step, values } })).status()).toBe(200);
    }
    const phone = await playwright.request.newContext({
      baseURL,
      userAgent: devices["iPhone 13"].userAgent,
      extraHTTPHeaders: clientHeaders(testInfo, "phone"),
    });
    expect((await phone.post("/api/applications/resume", { data: { token: resumeUrl.split("/").pop() } })).status()).toBe(200);

    // The old browser: 409 APPLICATION_MOVED, the device kind and the time, nothing else.
    for (const answer of [
      await request.put(`/api/applications/${id}/draft`, { data: { step: "about-you", values: { first_name: "X", last_name: "Y" } } }),
      await request.get(`/api/applications/${id}`),
      await request.get(`/api/applications/${id}/status`),
    ]) {
      expect(answer.status()).toBe(409);
      const text = await answer.text();
      const body = JSON.parse(text) as { error: { code: string; message: string; movedTo: { device: string; since: string } } };
      expect(Object.keys(body.error).sort()).toEqual(["code", "message", "movedTo"]);
      expect(body.error.code).toBe("APPLICATION_MOVED");
      expect(body.error.movedTo.device).toBe("phone");
      expect(Object.keys(body.error.movedTo).sort()).toEqual(["device", "since"]);
      expect(Number.isNaN(Date.parse(body.error.movedTo.since))).toBe(false);
      for (const secret of [email, "Grace", "Hopper", "2025550143", "/apply/resume/"]) expect(text).not.toContain(secret);
    }
    // The phone still holds it and kept the old browser's attempt out.
    const held = await phone.get(`/api/applications/${id}`);
    expect(held.status()).toBe(200);
    expect(await held.text()).toContain("Grace");

    // Strangers, no cookie or a forged one, get exactly what an unknown application gets.
    const path = `/api/applications/${id}/new-link`;
    const stranger = await playwright.request.newContext({ baseURL, extraHTTPHeaders: clientHeaders(testInfo, "stranger") });
    const unknown = await stranger.post("/api/applications/app_unknownunknownunknown0/new-link", { data: {} });
    expect(unknown.status()).toBe(404);
    const unknownBody = await unknown.json();
    const bare = await stranger.post(path, { data: {} });
    expect(bare.status()).toBe(404);
    expect(await bare.json()).toEqual(unknownBody);
    const forged = await stranger.post(path, { data: {}, headers: { cookie: `ob_${id}=${"A".repeat(43)}` } });
    expect(forged.status()).toBe(404);
    expect(await forged.json()).toEqual(unknownBody);
    // The holder is not "moved": it has "Email me this link" instead.
    expect((await phone.post(path, { data: {} })).status()).toBe(404);
    // Another site's page, or an address of the caller's choosing: refused, nothing sent.
    expect((await request.post(path, { data: {}, headers: { origin: "https://evil.example" } })).status()).toBe(403);
    expect((await request.post(path, { data: { to: "victim@example.net" } })).status()).toBe(422);

    // Three an hour per application (shared with "Email me this link"), then 429 in the error shape with Retry-After.
    for (let i = 0; i < 3; i++) {
      const sent = await request.post(path, { data: {} });
      expect(sent.status(), await sent.text()).toBe(200);
      expect(await sent.json()).toEqual({ sent: true });
    }
    const limited = await request.post(path, { data: {} });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: "RATE_LIMITED",
      message: expect.any(String),
    });
    // Sending bound nobody: the phone still holds the application.
    expect((await phone.get(`/api/applications/${id}`)).status()).toBe(200);
    await stranger.dispose();
    await phone.dispose();
  });
});
