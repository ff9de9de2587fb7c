import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { expect, test } from "./support/test";

// Issue #14, deployment: the artifact the Dockerfile copies (scripts/standalone.mjs over the suite's own build)
// runs on its own, from its own folder, and completes a whole onboarding against its embedded sandbox.

let server: Started | undefined;
test.afterAll(async () => server?.stop());

test("the standalone artifact starts alone and issues a card", async ({ playwright }, testInfo) => {
  const out = testInfo.outputPath("portal");
  const assembled = spawnSync(process.execPath, ["scripts/standalone.mjs", out], { encoding: "utf8" });
  expect(assembled.status, assembled.stderr).toBe(0);
  // Nothing of the checkout comes along but what runs: no sources, no tests.
  expect(existsSync(path.join(out, "app"))).toBe(false);
  expect(existsSync(path.join(out, "lib", "db", "migrations", "meta", "_journal.json"))).toBe(true);

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = startServer(
    port,
    { DATA_DIR: testInfo.outputPath("data"), APP_URL: origin, HOST: "127.0.0.1", SANDBOX_APPROVAL_DELAY_MS: "200" },
    path.join(out, "scripts", "serve.mjs"),
  );
  await waitForHttp(`${origin}/api/health`, 60_000);
  expect(await (await fetch(`${origin}/api/health`)).json()).toMatchObject({ ok: true, mode: "sandbox" });
  const home = await (await fetch(`${origin}/`)).text();
  const css = /\/_next\/static\/[^"]+\.css/.exec(home)?.[0];
  expect(css, "a stylesheet link on the home page").toBeTruthy();
  expect((await fetch(`${origin}${css}`)).status).toBe(200);

  const api = await playwright.request.newContext({ baseURL: origin });
  const { id } = await onboardThroughApi(api, origin, plantedValues("STANDALONE"));
  expect(id).toMatch(/^app_/);
  await api.dispose();
});
