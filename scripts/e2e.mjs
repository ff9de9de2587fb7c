// `npm run test:e2e`: one production build, then Playwright (which starts `next start` on a free port
// with a fresh DATA_DIR, see playwright.config.ts). Extra arguments go to `playwright test` (one pass).
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { freePort } from "./free-port.mjs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buildForTests } from "./e2e-build.mjs";
import { notPassed } from "./e2e-summary.mjs";
import { findBrowser } from "./find-browser.mjs";

export { SECRET_MARKERS } from "./e2e-build.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");

const browser = await findBrowser();
if (!browser) {
  console.error(
    "[e2e] No Chromium found. Install one and run again:\n" +
      "  Debian/Ubuntu: sudo apt-get install -y chromium   (then it is found at /usr/bin/chromium)\n" +
      "  or set CHROMIUM_PATH=/path/to/chrome, or run `npx playwright install chromium` where downloads work.",
  );
  process.exit(1);
}

// The build sees marker values for every secret: scripts/bundle-secrets.test.ts (the "build" Vitest project, run
// in the whole suite's run right after the build) proves none reaches the browser.
buildForTests();
const dataDir = mkdtempSync(path.join(tmpdir(), "portal-e2e-"));
const port = await freePort();
// The webhook sink (e2e/support/webhook-sink.mjs) that receives the sandbox's webhooks.
let sinkPort = await freePort();
while (sinkPort === port) sinkPort = await freePort();
console.log(`[e2e] browser ${browser}; app on port ${port}; webhook sink on port ${sinkPort}; fresh DATA_DIR ${dataDir}`);
// The demo admin's password of this run: both passes' servers share the DATA_DIR, so they share it too.
const env = {
  ...process.env,
  E2E_BROWSER: browser,
  E2E_PORT: String(port),
  E2E_SINK_PORT: String(sinkPort),
  E2E_DATA_DIR: dataDir,
  E2E_ADMIN_PASSWORD: randomBytes(18).toString("base64url"),
};
const playwright = (args, extra = {}) =>
  spawnSync(path.join(root, "node_modules", ".bin", "playwright"), ["test", ...args], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, ...extra },
  }).status ?? 1;

// The whole suite in two passes (playwright.config.ts): the specs that may share the server two at a time, then
// those that change what everyone sees, alone. Two passes rather than project dependencies, so a failure of the
// first does not stop the second from running; each keeps its own report and failure traces.
const args = process.argv.slice(2);
let status;
if (args.length > 0) status = playwright(args);
else {
  const scan = spawnSync(path.join(root, "node_modules", ".bin", "vitest"), ["run", "--project", "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, VITEST_BUILD_SCAN: "1" },
  }).status;
  console.log(`[e2e] bundle scan (scripts/bundle-secrets.test.ts) ${scan === 0 ? "passed" : "FAILED"}`);
  const shared = playwright(["--project=desktop", "--project=phone"]);
  const alone = playwright(["--project=desktop-alone", "--project=phone-alone", "--no-deps"], {
    // One test at a time in all: each alone project has one worker, but the two projects would run side by side.
    E2E_WORKERS: "1",
    E2E_OUTPUT_DIR: "test-results/alone",
    E2E_REPORT_DIR: "playwright-report/alone",
  });
  for (const [pass, dir] of [
    ["shared", "test-results"],
    ["alone", "test-results/alone"],
  ])
    for (const line of notPassed(path.join(root, dir, "results.json"), root)) console.log(`[e2e] ${pass} pass: ${line}`);
  console.log(`[e2e] shared pass ${shared === 0 ? "passed" : "FAILED"}; alone pass ${alone === 0 ? "passed" : "FAILED"}`);
  status = (scan ?? 1) || shared || alone;
}
rmSync(dataDir, { recursive: true, force: true });
process.exit(status);
