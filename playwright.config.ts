import { randomBytes } from "node:crypto";
import { defineConfig, devices } from "@playwright/test";

// Started by scripts/e2e.mjs, which builds once, picks the browser, a free port and a fresh DATA_DIR.
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
// The webhook sink (e2e/support/webhook-sink.mjs) stands in for the receiver of the sandbox's webhooks.
const sinkPort = Number(process.env.E2E_SINK_PORT ?? 3101);
// The demo admin's password for this run (e2e/support/demo-admin.ts): scripts/e2e.mjs gives one for both passes;
// set here before the workers start, they inherit it.
process.env.E2E_ADMIN_PASSWORD ||= randomBytes(18).toString("base64url");
const browser = process.env.E2E_BROWSER ?? process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const launchOptions = {
  executablePath: browser,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

// Specs that change what every other test sees run alone, after the rest; everything else runs E2E_WORKERS files at a
// time (default 2, one per core). The keyboard spec's "lost email" under load was focus lost to <body> while a step
// loaded (fixed: components/ui/page-heading.tsx).
const SERIAL = [
  // Sandbox faults (errors, latency, dropped answers) on the one shared server: any other test would fail meanwhile.
  /robustness\.spec/,
  /sandbox-conformance-lifecycle\.spec/,
  /apply-fields\.spec/,
  /apply-status\.spec/,
  /admin-application\.spec/, // the issuer down (error_rate 1) under the application page
  /admin-retry-card\.spec/, // every answer of the sandbox dropped (drop_rate 1)
  // One reconciliation runs at a time portal-wide: another run (the hourly one, or e2e/admin-access.spec.ts trying
  // the route) would make this spec's "Run reconciliation now" answer "busy".
  /admin-reconciliation\.spec/,
  /admin-journeys-ops\.spec/, // runs reconciliation too (the drift journey), so it must not meet another run
  // The sandbox's event receiver is one per server: this spec's "answer 500 to the next N" and "clear" would reach any
  // other test's deliveries to it.
  /sandbox-events\.spec/,
];
// The other staff specs check only data they create, so they may share the server; but on 2 cores two of them side by
// side slow each other down (their browsers, not the server, take the CPU) and the suite ends sooner with them alone
// (docs/testing.md has the figures). E2E_STAFF_SHARED=1 runs them in the shared pass.
const STAFF = /admin-[\w-]+\.spec/;
const ALONE = process.env.E2E_STAFF_SHARED === "1" ? SERIAL : [...SERIAL, STAFF];
const desktop = { ...devices["Desktop Chrome"], channel: undefined, launchOptions };
const phone = { ...devices["Pixel 7"], viewport: { width: 390, height: 844 }, launchOptions };

export default defineConfig({
  testDir: "./e2e",
  outputDir: process.env.E2E_OUTPUT_DIR ?? "./test-results",
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // One retry on CI, reported as "flaky" in the output so that it is seen; locally every failure is a failure.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  // Generous: a loaded machine runs the longest flows (two identity checks, a card) at a third of their speed.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  // results.json lets scripts/e2e.mjs name the failures of both passes at the very end, where CI's log tail shows them.
  reporter: [
    ["list"],
    ["html", { outputFolder: process.env.E2E_REPORT_DIR ?? "playwright-report", open: "never" }],
    ["json", { outputFile: `${process.env.E2E_OUTPUT_DIR ?? "./test-results"}/results.json` }],
  ],
  // A failure keeps its trace (each action's DOM, network, console) and a screenshot; the trace's film strip is left
  // out: recording it cost about a fifth of the suite's time on 2 cores (docs/testing.md).
  use: { baseURL, trace: { mode: "retain-on-failure", screenshots: false }, screenshot: "only-on-failure" },
  projects: [
    { name: "desktop", use: desktop, testIgnore: ALONE },
    { name: "phone", use: phone, grep: /@phone/, testIgnore: ALONE },
    { name: "desktop-alone", use: desktop, testMatch: ALONE, workers: 1, dependencies: ["desktop", "phone"] },
    { name: "phone-alone", use: phone, grep: /@phone/, testMatch: ALONE, workers: 1, dependencies: ["desktop-alone"] },
  ],
  webServer: [
    {
      command: `node e2e/support/webhook-sink.mjs ${sinkPort} ${baseURL}/api/webhooks/issuer`,
      url: `http://127.0.0.1:${sinkPort}/health`,
      reuseExistingServer: false,
      timeout: 10_000,
      stdout: "pipe",
      stderr: "pipe",
    },
    {
      // The production entry point (npm start minus the build): loopback only, client address from the socket.
      command: `node scripts/serve.mjs`,
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
      stderr: "pipe",
      env: {
        NODE_ENV: "production",
        PORT: String(port),
        APP_URL: baseURL,
        DATA_DIR: process.env.E2E_DATA_DIR ?? ".data-e2e",
        SANDBOX_APPROVAL_DELAY_MS: "300",
        // A poisoned webhook (e2e/admin-ops.spec.ts) after eight quick tries rather than about two minutes.
        WEBHOOK_RETRY_BASE_MS: "100",
        // The card issued page's next step (e2e/apply-outcomes.spec.ts follows it to this address).
        MERCHANT_APP_URL: "https://merchant.example/cards",
        // The merchant's support, named on the status page's endings and in the emails (e2e/mail-applicant.spec.ts).
        SUPPORT_EMAIL: "help@merchant.example",
        // Email through the embedded catcher (/sandbox/mail) whatever the calling shell has set.
        SMTP_URL: "",
        MAIL_DISABLED: "",
        // Force sandbox mode and the embedded database whatever the calling shell has set.
        PORTAL_MODE: "sandbox",
        ISSUER_BASE_URL: "",
        ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
        DATABASE_URL: "",
        SANDBOX_WEBHOOK_URL: `http://127.0.0.1:${sinkPort}/hooks`,
        // Each test says who it is in X-Forwarded-For (e2e/support/test.ts): one client per test for the rate limits.
        TRUST_PROXY_HOPS: "1",
      },
    },
  ],
});
