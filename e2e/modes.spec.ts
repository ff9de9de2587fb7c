import { spawnSync } from "node:child_process";
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import type { PlaywrightWorkerArgs } from "@playwright/test";
import { LIVE_REQUIRED } from "../lib/env-schema";
import { exitOf, freePort, LIVE_ENV, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN } from "./support/staff";
import { expect, test } from "./support/test";

// Issue #24 item 15, a mode chosen on purpose, through scripts/serve.mjs as `npm start` and the image run it: the
// sandbox's generated staff password, ISSUER_BASE_URL no longer choosing the mode, a database that keeps the mode
// it was created in (and `npm run db:go-live`), and the image's live default.

const LIVE_ADMIN = { email: "ops@merchant.example", password: "a live admin password" };
const live = (origin: string) => ({ ...LIVE_ENV, APP_URL: origin, ADMIN_EMAIL: LIVE_ADMIN.email, ADMIN_PASSWORD: LIVE_ADMIN.password });

// Every server a test starts is stopped after it, passed or not (a refused one has exited already).
const running: Started[] = [];
const serve = (port: number, env: Record<string, string>) => {
  const server = startServer(port, env);
  running.push(server);
  return server;
};
test.afterEach(async () => {
  for (const server of running.splice(0)) await server.stop();
});

/** Waits for a server that must refuse to start; answers its output. */
async function refusedStart(server: Started): Promise<string> {
  expect(await exitOf(server), server.output()).toBe(1);
  return server.output();
}

async function started(server: Started, origin: string): Promise<Started> {
  await waitForHttp(`${origin}/api/health`, 60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\n${server.output()}`);
  });
  return server;
}

/** Whether the credentials sign-in opens a staff session (no assertion: refusals are expected here). */
async function signsIn(playwright: PlaywrightWorkerArgs["playwright"], origin: string, login: { email: string; password: string }) {
  const api = await playwright.request.newContext({ baseURL: origin });
  try {
    const { csrfToken } = (await (await api.get("/api/auth/csrf")).json()) as { csrfToken: string };
    await api.post("/api/auth/callback/credentials", { form: { csrfToken, ...login, json: "true" }, maxRedirects: 0 });
    return Boolean(((await (await api.get("/api/auth/session")).json()) as { staff?: { id: string } }).staff?.id);
  } finally {
    await api.dispose();
  }
}

test("sandbox mode generates the staff password at first start, prints it and keeps it (0600); admin-password does not sign in", async ({
  playwright,
}, testInfo) => {
  // Two starts of a portal on a new database: over the suite's 90 s on a loaded 2-core machine.
  test.setTimeout(180_000);
  const dataDir = testInfo.outputPath("data");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  // ADMIN_PASSWORD blank: the portal's own default, not the harness's password.
  const env = { DATA_DIR: dataDir, APP_URL: origin, HOST: "127.0.0.1", ADMIN_PASSWORD: "" };
  const printed = async (server: Started) => {
    await expect.poll(() => server.output(), { timeout: 30_000 }).toMatch(/Demo staff login: +admin@example\.com \/ \S+/);
    return /Demo staff login: +admin@example\.com \/ (\S+)/.exec(server.output())?.[1] ?? "";
  };

  let server = await started(serve(port, env), origin);
  const password = await printed(server);
  const file = path.join(dataDir, "secrets", "demo-admin-password");
  expect(server.output()).toContain(`kept in ${file}`);
  expect(readFileSync(file, "utf8")).toBe(password);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(await signsIn(playwright, origin, { email: "admin@example.com", password: "admin-password" })).toBe(false);
  expect(await signsIn(playwright, origin, { email: "admin@example.com", password })).toBe(true);
  await server.stop();

  // A restart keeps it, and says so.
  server = await started(serve(port, env), origin);
  expect(await printed(server)).toBe(password);
  expect(await signsIn(playwright, origin, { email: "admin@example.com", password })).toBe(true);
});

test("ISSUER_BASE_URL without PORTAL_MODE=live no longer selects live mode: the start is refused with what to set", async ({}, testInfo) => {
  const { PORTAL_MODE: _mode, ...withoutMode } = live("http://127.0.0.1:1");
  const output = await refusedStart(serve(await freePort(), { ...withoutMode, DATA_DIR: testInfo.outputPath("data") }));
  expect(output).toContain("(sandbox mode)");
  expect(output).toContain("ISSUER_BASE_URL is set, but the mode is sandbox");
  expect(output).toContain("set PORTAL_MODE=live");
});

test("a database keeps its mode: live refuses a sandbox database until npm run db:go-live, then sandbox refuses it", async ({
  playwright,
}, testInfo) => {
  // Four starts and the command, each opening the database.
  test.setTimeout(300_000);
  const dataDir = testInfo.outputPath("data");
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const sandboxEnv = { DATA_DIR: dataDir, APP_URL: origin, HOST: "127.0.0.1" };
  const liveEnv = { ...live(origin), DATA_DIR: dataDir, HOST: "127.0.0.1" };

  const sandbox = await started(serve(port, sandboxEnv), origin);
  expect(await signsIn(playwright, origin, DEMO_ADMIN)).toBe(true);
  await sandbox.stop();

  const refused = await refusedStart(serve(port, liveEnv));
  expect(refused).toContain("PORTAL_MODE is live, but this database was created in sandbox mode");
  expect(refused).toContain("npm run db:go-live");

  const command = spawnSync("npm", ["run", "-s", "db:go-live"], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", ...liveEnv },
    encoding: "utf8",
  });
  expect(command.status, `${command.stdout}\n${command.stderr}`).toBe(0);
  expect(command.stdout).toContain("The database is now in live mode");
  expect(command.stdout).toContain("1 staff account(s) made in sandbox mode disabled");

  const liveServer = await started(serve(port, liveEnv), origin);
  expect(await (await fetch(`${origin}/api/health`)).json()).toMatchObject({ ok: true, mode: "live" });
  expect(await signsIn(playwright, origin, LIVE_ADMIN)).toBe(true);
  expect(await signsIn(playwright, origin, DEMO_ADMIN)).toBe(false);
  await liveServer.stop();

  const back = await refusedStart(serve(port, sandboxEnv));
  expect(back).toContain("this database was created in live mode");
});

test("the Docker image's environment starts live mode and refuses to start without its secrets, naming each", async ({}, testInfo) => {
  // The image runs scripts/serve.mjs (CMD) with its ENV line: the same script, the same environment, no secrets.
  const line = /^ENV\s+(.+)$/m.exec(readFileSync("Dockerfile", "utf8"))?.[1] ?? "";
  const { PORT: _port, ...image } = Object.fromEntries(line.split(/\s+/).map((pair) => pair.split("=", 2) as [string, string]));
  expect(image.PORTAL_MODE).toBe("live");
  const output = await refusedStart(serve(await freePort(), { ...image, DATA_DIR: testInfo.outputPath("data") }));
  expect(output).toContain("configuration problem(s) (live mode");
  for (const name of LIVE_REQUIRED) expect(output).toContain(`${name} is required in live mode`);
});
