// Benchmark: a whole onboarding in a real browser on a slow phone network, Premium and Travel, from the home page to
// "Your card is issued". Chromium at 390x844 (touch) with DevTools' Slow 3G (2 s round trip, 400 kbit/s each way)
// through CDP; for each step the wait (from the person's action until the next thing they can use: the next form
// enabled, the upload done, the status final) and the bytes down and up. The document is a camera-sized JPEG
// (4032x3024, about 2.6 MB) made in the browser once, before the throttling.
//
//   node bench/slow-onboarding.mjs                 builds if needed, own server (fresh PGlite), both cards
//   BENCH_CARDS=travel node bench/slow-onboarding.mjs
//   BENCH_LATENCY_MS=0 node bench/slow-onboarding.mjs    (no throttling: to see the network's share)
import { chromium } from "playwright";
import { startOwnServer } from "./server.mjs";
import { cameraJpeg, fillStep } from "./slow-onboarding-steps.mjs";

const LATENCY = Number(process.env.BENCH_LATENCY_MS ?? 2000);
const RATE = LATENCY > 0 ? (400 * 1000) / 8 : -1; // bytes per second; -1 = not throttled
const CARDS = { premium: "Premium Mastercard", travel: "Travel Visa Card" };
const chosen = (process.env.BENCH_CARDS ?? "premium,travel").split(",").map((c) => c.trim());

/** Counts the bytes a page moves (response bodies and headers down, request bodies up) between two marks. */
function meter(page) {
  let down = 0;
  let up = 0;
  let requests = 0;
  page.on("requestfinished", async (request) => {
    requests++;
    const sizes = await request.sizes().catch(() => null);
    if (!sizes) return;
    // A file sent by XHR is not in the body size CDP reports; its Content-Length is.
    const length = Number((await request.allHeaders().catch(() => ({})))["content-length"] ?? 0);
    up += Math.max(sizes.requestBodySize, length) + sizes.requestHeadersSize;
    down += sizes.responseBodySize + sizes.responseHeadersSize;
  });
  return () => {
    const taken = { down, up, requests };
    down = 0;
    up = 0;
    requests = 0;
    return taken;
  };
}

async function onboard(browser, base, card, photo) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "en-GB",
    timezoneId: "Europe/London",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: LATENCY,
    downloadThroughput: RATE,
    uploadThroughput: RATE,
  });
  const take = meter(page);
  const rows = [];
  // A step's figure: the wait for `ready` after `act`, and the bytes moved meanwhile (settled a moment later).
  // The first moment the next page's boxes can be typed into (kept since the third pass), when `ready` notes one.
  let typeable = null;
  const step = async (name, act, ready) => {
    const t = performance.now();
    typeable = null;
    await act();
    await ready(t);
    const wait = performance.now() - t;
    await page.waitForLoadState("networkidle").catch(() => undefined);
    rows.push({ step: name, waitMs: Math.round(wait), typeMs: typeable === null ? null : Math.round(typeable), ...take() });
  };
  // Ready: the next step's Save works (hydrated; before the third pass its whole form was disabled until then).
  const formReady = (url) => async (t) => {
    await page.waitForURL(url, { timeout: 120_000 });
    await page.locator("main form input:visible").first().waitFor({ timeout: 120_000 });
    typeable = performance.now() - t;
    await page.locator("main form fieldset:not([disabled])").first().waitFor({ timeout: 120_000 });
    await page.getByRole("button", { name: "Save and continue" }).and(page.locator(":enabled")).waitFor({ timeout: 120_000 });
  };

  await step(
    "home",
    () => page.goto(`${base}/`, { timeout: 120_000 }),
    () => page.getByRole("heading", { name: CARDS[card] }).waitFor({ timeout: 120_000 }),
  );
  const article = page.getByRole("article").filter({ has: page.getByRole("heading", { name: CARDS[card] }) });
  await step("start", () => article.getByRole("button", { name: "Apply for this card" }).click(), formReady(/about-you$/));
  for (const [name, next] of [
    ["about-you", /contact$/],
    ["contact", /address$/],
    ["address", /identity-document$/],
  ]) {
    await fillStep(page, name, card);
    await step(name, () => page.getByRole("button", { name: "Save and continue" }).click(), formReady(next));
  }
  await fillStep(page, "identity-document", card);
  await step(
    "upload",
    () =>
      page
        .locator('input[type="file"]:not([capture])')
        .first()
        .setInputFiles({ name: "IMG_2041.jpg", mimeType: "image/jpeg", buffer: photo }),
    async () => {
      // After the third pass a photo is shown for a second look first ("Use this photo"); done when the bar is gone.
      const use = page.getByRole("button", { name: /^Use (this )?photo$/ });
      const bar = page.getByRole("progressbar");
      const first = await Promise.race([
        use.waitFor({ timeout: 300_000 }).then(() => "use"),
        bar.waitFor({ timeout: 300_000 }).then(() => "bar"),
      ]);
      if (first === "use") {
        await use.click();
        await bar.waitFor({ timeout: 300_000 });
      }
      await bar.waitFor({ state: "detached", timeout: 300_000 });
    },
  );
  await step(
    "identity-document",
    () => page.getByRole("button", { name: "Save and continue" }).click(),
    async () => {
      await page.waitForURL(/review$/, { timeout: 120_000 });
      await page.getByRole("button", { name: "Confirm and apply" }).waitFor({ timeout: 120_000 });
    },
  );
  await step(
    "review",
    () => page.getByRole("button", { name: "Confirm and apply" }).click(),
    () => page.getByRole("link", { name: "Continue to the identity check" }).waitFor({ timeout: 120_000 }),
  );
  await step(
    "verify",
    () => page.getByRole("link", { name: "Continue to the identity check" }).click(),
    () => page.getByRole("button", { name: "Approve", exact: true }).waitFor({ timeout: 120_000 }),
  );
  await step(
    "status",
    () => page.getByRole("button", { name: "Approve", exact: true }).click(),
    () => page.getByText("Your card is issued").waitFor({ timeout: 180_000 }),
  );
  await context.close();
  return rows;
}

const server = await startOwnServer({ env: { SANDBOX_APPROVAL_DELAY_MS: "200" } });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
try {
  const photo = await cameraJpeg(browser);
  console.log(
    `[bench] Slow 3G: ${LATENCY} ms round trip, ${RATE > 0 ? (RATE * 8) / 1000 : "∞"} kbit/s; photo ${(photo.length / 1e6).toFixed(2)} MB`,
  );
  for (const card of chosen) {
    const rows = await onboard(browser, server.url, card, photo);
    const kb = (n) => (n / 1024).toFixed(0);
    console.log(`\n${CARDS[card]}\n| step | wait s | typeable s | KB down | KB up | requests |\n|---|---|---|---|---|---|`);
    const typeS = (r) => (r.typeMs === null ? "" : (r.typeMs / 1000).toFixed(1));
    for (const r of rows)
      console.log(`| ${r.step} | ${(r.waitMs / 1000).toFixed(1)} | ${typeS(r)} | ${kb(r.down)} | ${kb(r.up)} | ${r.requests} |`);
    const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
    console.log(
      `| **total** | **${(sum("waitMs") / 1000).toFixed(1)}** | **${kb(sum("down"))}** | **${kb(sum("up"))}** | **${sum("requests")}** |`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
