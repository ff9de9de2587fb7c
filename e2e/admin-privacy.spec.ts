import { readFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import type { APIRequestContext, Page } from "@playwright/test";
import { expectNoAxeViolations } from "./support/a11y";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { PNG } from "./support/open-api";
import { sandboxCall } from "./support/sandbox-api";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { DEMO_ADMIN, signInOnPage, staffApi } from "./support/staff";
import { expect, test } from "./support/test";
import { openAsAttacker } from "./support/unseal";

// Issues #15 and #24 (item 7, and item 6's refusals): an admin exports and erases a person, not one application:
// every application with the same email or identity number is listed first, exported together (card transactions
// included) and erased at once. Afterwards no action applies to them and the applicant's browser is told the data
// was erased. The portal runs on a folder of its own with a known data key, so its tables can be dumped and searched.

const KEY = "privacy-e2e-data-encryption-key-0123456789";
const PLANTED = plantedValues("ERASEME");
const SOMEONE_ELSE = `someone.else.${Date.now()}@example.com`;
const PRODUCT = "prod_premium_enhanced_eur";
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

/** A draft started in a browser of its own (the request context keeps its binding cookie) with some steps saved. */
async function draft(api: APIRequestContext, steps: Array<[string, Record<string, unknown>]>, withDocument = false): Promise<string> {
  const started = await api.post("/api/applications", { data: { productId: PRODUCT } });
  expect(started.status(), await started.text()).toBe(201);
  const id = ((await started.json()) as { application: { id: string } }).application.id;
  if (withDocument) {
    const file = { name: "passport.png", mimeType: "image/png", buffer: PNG };
    expect((await api.post(`/api/applications/${id}/documents`, { multipart: { field: "identity.front_file_id", file } })).status()).toBe(
      200,
    );
  }
  for (const [step, values] of steps) {
    const saved = await api.put(`/api/applications/${id}/draft`, { data: { step, values } });
    expect(saved.status(), `${step}: ${await saved.text()}`).toBe(200);
  }
  return id;
}

type Exported = {
  applications: Array<{
    application: { id: string; cardId: string | null };
    answers: Record<string, unknown>;
    webhookEvents: Array<{ state: string }>;
    cardTransactions: Array<{ merchantName: string | null; amount: string }>;
  }>;
};

async function download(page: Page): Promise<Exported> {
  const file = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download the data (JSON)" }).click();
  return JSON.parse(readFileSync(await (await file).path(), "utf8")) as Exported;
}

/** Every table of the portal (the sandbox's own tables simulate the issuer, which keeps its copy), as JSON. */
async function dumpPortalTables(db: PGlite): Promise<string> {
  const tables = await db.query<{ table_name: string }>("select table_name from information_schema.tables where table_schema = 'public'");
  let dump = "";
  for (const { table_name } of tables.rows.filter((t) => !t.table_name.startsWith("sandbox_"))) {
    dump += JSON.stringify((await db.query(`select * from "${table_name}"`)).rows);
  }
  return dump;
}

test("an admin erases a person: all their applications listed, exported, erased at once, and final afterwards", async ({
  browser,
  playwright,
}) => {
  test.setTimeout(180_000); // four applicants, a card and its authorization, a dozen exports, then a restart to read the files
  const contexts = await Promise.all([1, 2, 3, 4].map(() => playwright.request.newContext({ baseURL: origin })));
  const [issuedApi, draftApi, sameNumberApi, otherApi] = contexts as [
    APIRequestContext,
    APIRequestContext,
    APIRequestContext,
    APIRequestContext,
  ];
  const { id: issued, cardholderId } = await onboardThroughApi(issuedApi, origin, PLANTED);
  const contact = { email: PLANTED.email, area_code: "+1", mobile_number: "2025550143" };
  const sameEmail = await draft(draftApi, [["contact", contact]]);
  const identity = { type: "PASSPORT", number: PLANTED.number.toLowerCase(), issue_country: "US", expiry_date: "2032-01-31" };
  const sameNumber = await draft(sameNumberApi, [["identity-document", { identity }]], true);
  const unrelated = await draft(otherApi, [["contact", { ...contact, email: SOMEONE_ELSE }]]);
  const person = [issued, sameEmail, sameNumber];

  // The applicant's own browser of the draft, before: the form.
  const applicant = await browser.newContext({ baseURL: origin, storageState: await draftApi.storageState() });
  const applicantPage = await applicant.newPage();
  await applicantPage.goto(`/apply/${sameEmail}/contact`);
  await expect(applicantPage.getByLabel("Email address")).toHaveValue(PLANTED.email);

  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signInOnPage(page, DEMO_ADMIN, `/admin/applications/${sameEmail}/privacy`);
  await expect(page.getByRole("heading", { level: 1, name: "Export or erase this person's data" })).toBeVisible();
  const list = page.getByRole("region", { name: "Applications of this person" });
  for (const id of person) await expect(list.getByRole("link", { name: id })).toBeVisible();
  await expect(list.getByRole("link", { name: unrelated })).toHaveCount(0);
  await expect(list.getByRole("row").filter({ hasText: sameNumber })).toContainText("same identity document number");
  await expect(list.getByRole("row").filter({ hasText: issued })).toContainText(cardholderId);
  await expect(page.getByText(`stay with the issuer: ${cardholderId}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // An authorization on the card: the export holds it beside the answers of every application of the person.
  const [issuedFile] = (await download(page)).applications;
  const auth = await sandboxCall(issuedApi, "POST", `/sandbox/simulate/cards/${issuedFile?.application.cardId}/authorizations`, {
    amount: "12.34",
    currency: "USD",
    merchant_name: "Eraseme Coffee",
  });
  expect(auth.status).toBe(200);
  const settled = (file: Exported) =>
    file.applications.every((a) => a.webhookEvents.every((e) => e.state !== "pending")) &&
    file.applications[0]?.cardTransactions.length === 1;
  await expect.poll(async () => settled(await download(page)), { timeout: 30_000 }).toBe(true);
  const file = await download(page);
  expect(file.applications.map((a) => a.application.id)).toEqual(person);
  expect(file.applications[0]?.answers).toMatchObject({ last_name: PLANTED.lastName, email: PLANTED.email });
  expect(file.applications[0]?.cardTransactions[0]).toMatchObject({ merchantName: "Eraseme Coffee", amount: "12.34" });
  expect(file.applications[1]?.answers).toMatchObject({ email: PLANTED.email });
  // Stored as the issuer reads it: capitals (lib/requirements identity numbers).
  expect(JSON.stringify(file.applications[2]?.answers)).toContain(identity.number.toUpperCase());

  // The confirmation names every application; a slip in it is refused and erases nothing.
  const form = page.locator("form").filter({ has: page.getByLabel("Reason") });
  for (const id of person) await expect(form.getByRole("listitem").filter({ hasText: id })).toBeVisible();
  await page.getByLabel("Reason").fill("Request by email of 20 November 2026");
  await page.getByLabel("Type the application id to confirm").fill(sameEmail.slice(0, -1));
  await page.getByRole("button", { name: "Erase this person's data" }).click();
  await expect(page.getByRole("link", { name: "Type the application id exactly as shown." })).toBeVisible();
  await expect(page.getByLabel("Type the application id to confirm")).toHaveAttribute("aria-invalid", "true");
  expect(JSON.stringify((await download(page)).applications[0]?.answers)).toContain(PLANTED.number);

  await page.getByLabel("Type the application id to confirm").fill(sameEmail);
  await page.getByRole("button", { name: "Erase this person's data" }).click();
  await expect(page.getByText("The applicant's data was erased.")).toBeVisible();
  await expect(page.getByText("by admin@example.com. Reason: Request by email of 20 November 2026")).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("privacy-erased.png"), fullPage: true });

  // Final: no action on the staff page, every action refused by the API, the applicant's browser told what happened.
  await page.goto(`/admin/applications/${issued}`);
  await expect(page.getByText("This applicant's data was erased", { exact: true })).toBeVisible();
  await expect(page.getByText("No action applies to this application in its current state.")).toBeVisible();
  await expect(page.getByLabel("Internal note")).toHaveCount(0);
  const staff = await staffApi(playwright, origin, DEMO_ADMIN);
  const refusals = [
    await staff.post(`/api/admin/applications/${sameEmail}/resume-link`, { data: {} }),
    await staff.post(`/api/admin/applications/${sameNumber}/notes`, { data: { body: "called back" } }),
    await staff.put(`/api/admin/applications/${issued}/cardholder`, { data: { email: "back@example.com" } }),
  ];
  for (const answer of refusals) {
    expect(answer.status()).toBe(410);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe("APPLICATION_ERASED");
  }
  // The form still open in the applicant's browser: saving it leads to the page that says what happened.
  await applicantPage.getByRole("button", { name: "Save and continue" }).click();
  const erasedHeading = applicantPage.getByRole("heading", { level: 1, name: "This application's data was erased" });
  await expect(erasedHeading).toBeVisible();
  await applicantPage.goto(`/apply/${sameEmail}`);
  await expect(erasedHeading).toBeVisible();
  const save = await draftApi.put(`/api/applications/${sameEmail}/draft`, { data: { step: "contact", values: contact } });
  expect(save.status()).toBe(410);
  await Promise.all([...contexts, staff].map((c) => c.dispose()));
  await applicant.close();
  await context.close();

  await portal.stop();
  const db = new PGlite(path.join(dataDir, "pglite"));
  try {
    const dump = await dumpPortalTables(db);
    for (const id of person) expect(dump).toContain(id);
    // Values are sealed with per-owner data keys (v3), wrapped by KEY in the key file beside the database.
    const files = [Buffer.from(dump), readFileSync(path.join(dataDir, "keys"))];
    const opened = openAsAttacker(files, [KEY])
      .opened.map((o) => o.text)
      .join("\n");
    for (const value of [...Object.values(PLANTED), identity.number]) {
      expect(dump, `${value} in clear`).not.toContain(value);
      expect(opened, `${value} in a sealed value`).not.toContain(value);
    }
    expect(opened, "the unrelated applicant is kept").toContain(SOMEONE_ELSE);
    const audit = await db.query<{ action: string; application_id: string }>(
      "select action, application_id from staff_audit_log where action like '%erased' order by id",
    );
    const erased = audit.rows.filter((r) => r.action === "application.erased").map((r) => r.application_id);
    expect(erased.sort()).toEqual([...person].sort());
    expect(audit.rows.at(-1)).toEqual({ action: "subject.erased", application_id: sameEmail });
  } finally {
    await db.close();
  }
});
