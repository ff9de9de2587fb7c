import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN, signInOnPage } from "./support/staff";
import { expect, test } from "./support/test";
import { unsealAll } from "./support/unseal";

// Issue #15: an admin exports one applicant's data and erases it. The portal runs on a folder of its own with a
// known data key, so that afterwards its tables can be dumped and every sealed value in them opened and searched.

const KEY = "privacy-e2e-data-encryption-key-0123456789";
const PLANTED = plantedValues("ERASEME");
let portal: Started;
let dataDir: string;
let origin: string;

test.beforeAll(async ({}, testInfo) => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = testInfo.outputPath("portal-data");
  portal = startServer(port, {
    DATA_DIR: dataDir,
    APP_URL: origin,
    HOST: "127.0.0.1",
    DATA_ENCRYPTION_KEY: KEY,
    SANDBOX_APPROVAL_DELAY_MS: "200",
  });
  await waitForHttp(`${origin}/api/health`);
});
test.afterAll(async () => portal?.stop());

/** Every table of the portal (the sandbox's own tables simulate the issuer, which keeps its copy), as JSON. */
async function dumpPortalTables(db: PGlite): Promise<string> {
  const tables = await db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
  let dump = "";
  for (const { table_name } of tables.rows.filter((t) => !t.table_name.startsWith("sandbox_"))) {
    dump += JSON.stringify((await db.query(`select * from "${table_name}"`)).rows);
  }
  return dump;
}

test("an admin exports and erases one applicant; the portal's tables then hold none of their answers", async ({ browser, playwright }) => {
  const api = await playwright.request.newContext({ baseURL: origin });
  const { id, cardholderId } = await onboardThroughApi(api, origin, PLANTED);
  await api.dispose();

  // This portal is not the suite's: a context of its own, with its address as the base URL.
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInOnPage(page, DEMO_ADMIN, `/admin/applications/${id}/privacy`);
  await expect(page.getByRole("heading", { level: 1, name: "Export or erase this applicant's data" })).toBeVisible();
  await expect(page.getByText(cardholderId)).toBeVisible();

  // The card's webhooks may still be arriving: wait until the export shows them all applied, then erase.
  const exported = async () => {
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download the data (JSON)" }).click();
    return JSON.parse(readFileSync(await (await download).path(), "utf8")) as {
      answers: Record<string, unknown>;
      webhookEvents: Array<{ state: string }>;
      documents: Array<{ issuerFileId: string }>;
    };
  };
  const file = await exported();
  expect(JSON.stringify(file.answers)).toContain(PLANTED.number);
  expect(file.answers).toMatchObject({ last_name: PLANTED.lastName, email: PLANTED.email });
  expect(file.documents).toHaveLength(1);
  await expect.poll(async () => (await exported()).webhookEvents.filter((e) => e.state === "pending").length, { timeout: 20_000 }).toBe(0);

  // A slip in the confirmation is refused and erases nothing.
  await page.getByLabel("Reason").fill("Request by email of 20 November 2026");
  await page.getByLabel("Type the application id to confirm").fill(id.slice(0, -1));
  await page.getByRole("button", { name: "Erase this applicant's data" }).click();
  await expect(page.getByRole("link", { name: "Type the application id exactly as shown." })).toBeVisible();
  await expect(page.getByLabel("Type the application id to confirm")).toHaveAttribute("aria-invalid", "true");
  expect(JSON.stringify((await exported()).answers)).toContain(PLANTED.number);

  await page.getByLabel("Type the application id to confirm").fill(id);
  await page.getByRole("button", { name: "Erase this applicant's data" }).click();
  await expect(page.getByText("The applicant's data was erased.")).toBeVisible();
  await expect(page.getByText("by admin@example.com. Reason: Request by email of 20 November 2026")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("privacy-erased.png"), fullPage: true });
  await context.close();

  await portal.stop();
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    const dump = await dumpPortalTables(db);
    expect(dump).toContain(id);
    const opened = unsealAll(dump, KEY).join("\n");
    for (const value of Object.values(PLANTED)) {
      expect(dump, `${value} in clear`).not.toContain(value);
      expect(opened, `${value} in a sealed value`).not.toContain(value);
    }
    const audit = await db.query<{ action: string }>("select action from staff_audit_log where application_id = $1", [id]);
    expect(audit.rows.map((r) => r.action)).toEqual(expect.arrayContaining(["application.exported", "application.erased"]));
  } finally {
    await db.close();
  }
});
