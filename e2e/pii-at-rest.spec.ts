import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { expect, test } from "./support/test";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";

// Identity data at rest (issue #9): the portal runs in live mode against a second process that serves the
// sandbox (whose own tables simulate the issuer and may hold the data), completes one onboarding, and then its
// raw data folder (WAL included) and a dump of every table hold none of the planted values in clear.

const PLANTED = plantedValues("PLANTED");

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}

let sandbox: Started;
let portal: Started;
let portalDir: string;
let origin: string;
let sandboxOrigin: string;

test.beforeAll(async ({}, testInfo) => {
  const [sPort, pPort] = [await freePort(), await freePort()];
  sandboxOrigin = `http://127.0.0.1:${sPort}`;
  origin = `http://127.0.0.1:${pPort}`;
  portalDir = testInfo.outputPath("portal-data");
  sandbox = startServer(sPort, {
    DATA_DIR: testInfo.outputPath("sandbox-data"),
    APP_URL: sandboxOrigin,
    SANDBOX_WEBHOOK_URL: `${origin}/api/webhooks/issuer`,
    SANDBOX_APPROVAL_DELAY_MS: "200",
  });
  portal = startServer(pPort, {
    DATA_DIR: portalDir,
    APP_URL: origin,
    PORTAL_MODE: "live",
    ISSUER_BASE_URL: `${sandboxOrigin}/sandbox`,
    ISSUER_API_KEY: "sandbox_key",
    ISSUER_API_SECRET: "sandbox_secret",
    ISSUER_WEBHOOK_SECRET: "sandbox_webhook_secret",
    NEXTAUTH_SECRET: "n".repeat(40),
    DATA_ENCRYPTION_KEY: "k".repeat(40),
    HOST: "127.0.0.1",
  });
  await waitForHttp(`${sandboxOrigin}/api/health`);
  await waitForHttp(`${origin}/api/health`);
});
test.afterAll(async () => {
  await portal?.stop();
  await sandbox?.stop();
});

test("a live-mode portal keeps no identity number, SSN, birth date, name, email or address in clear at rest", async ({ playwright }) => {
  expect(await (await fetch(`${origin}/api/health`)).json()).toMatchObject({ mode: "live" });
  const api = await playwright.request.newContext({ baseURL: origin });
  const { id } = await onboardThroughApi(api, sandboxOrigin, PLANTED);
  await api.dispose();

  // Stop the portal (PGlite: one process per folder), then read everything it left behind.
  await portal.stop();
  const needles = Object.values(PLANTED).map((v) => Buffer.from(v));
  const files = filesUnder(portalDir);
  expect(files.length).toBeGreaterThan(10);
  for (const file of files) {
    const bytes = readFileSync(file);
    for (const needle of needles) expect(bytes.includes(needle), `${needle} in ${path.relative(portalDir, file)}`).toBe(false);
  }
  expect(statSync(portalDir).mode & 0o777).toBe(0o700);

  const db = new PGlite(path.join(portalDir, "pglite"));
  try {
    const tables = await db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
    expect(tables.rows.map((r) => r.table_name).filter((n) => n.startsWith("sandbox_"))).toEqual([]);
    let dump = "";
    for (const { table_name } of tables.rows) dump += JSON.stringify((await db.query(`select * from "${table_name}"`)).rows);
    expect(dump).toContain(id);
    for (const value of Object.values(PLANTED)) expect(dump).not.toContain(value);
  } finally {
    await db.close();
  }
});
