import { request as playwrightRequest } from "@playwright/test";
import { expect, test } from "./support/test";
import { sandboxCall } from "./support/sandbox-api";
import { freePort, startServer, waitForHttp } from "./support/spawn-server";

// A server of its own: its product cache starts cold, so the first visit meets the slow issuer.
test("with a slow issuer the home page shows its welcome at once and streams the cards in @phone", async ({ page }, testInfo) => {
  // A server started on a loaded machine (CI's shared pass runs two specs at once) takes a minute or more.
  test.setTimeout(180_000);
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const server = startServer(port, {
    DATA_DIR: testInfo.outputPath("data"),
    APP_URL: origin,
    SANDBOX_WEBHOOK_URL: "http://127.0.0.1:9/hooks",
  });
  const api = await playwrightRequest.newContext({ baseURL: origin });
  try {
    await waitForHttp(`${origin}/api/health`, 120_000);
    // Slow enough that a loaded browser still sees the loading state: at 2.5 s the cards could arrive before the
    // check below ran (the spec was flaky on CI).
    expect((await sandboxCall(api, "PUT", "/sandbox/simulate/faults", { latency_ms: 8_000 })).status).toBe(200);
    // Every layout shift of the visit, as the browser reports it (CLS: what a person sees jump).
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) shifts.push((entry as PerformanceEntry & { value: number }).value);
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(origin, { waitUntil: "commit" });
    // The heading and the loading state are on screen together: the page did not wait for the issuer.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get your payment card in a few minutes");
    await expect(page.getByRole("status").filter({ hasText: "Loading the cards" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How it works" })).toBeVisible();
    await expect(page.getByRole("button", { name: /^Apply for this card/ }).first()).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("status").filter({ hasText: "Loading the cards" })).toHaveCount(0);
    // The cards took the place kept for them: nothing on screen was pushed down (it was: 0.29, "How it works").
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shift = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.reduce((a, b) => a + b, 0));
    expect(shift).toBeLessThan(0.01);
  } finally {
    await sandboxCall(api, "PUT", "/sandbox/simulate/faults", {}).catch(() => undefined);
    await api.dispose();
    await server.stop();
  }
});
