import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { filesUnder, startLivePair, type LivePair } from "./support/live-pair";
import { expect, test } from "./support/test";

// Identity data at rest (issue #9): the portal runs in live mode against a second process that serves the
// sandbox (whose own tables simulate the issuer and may hold the data), completes one onboarding, and then its
// raw data folder (WAL included) and a dump of every table hold none of the planted values in clear.

const PLANTED = plantedValues("PLANTED");

let pair: LivePair;

test.beforeAll(async ({}, testInfo) => void (pair = await startLivePair(testInfo)));
test.afterAll(async () => {
  await pair?.portal.stop();
  await pair?.sandbox.stop();
});

test("a live-mode portal keeps no identity number, SSN, birth date, name, email or address in clear at rest", async ({ playwright }) => {
  const { origin, sandboxOrigin, portal, portalDir } = pair;
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
