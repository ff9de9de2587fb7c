import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { freePort, startServer, waitForHttp, type Started } from "./support/spawn-server";
import { staffApi } from "./support/staff";
import { expect, test } from "./support/test";
import { openAsAttacker } from "./support/unseal";

// Issue #24, item 8: an erasure is cryptographic. A live-mode portal against a sandbox in a second process takes
// one applicant through to a card, a card authorization, a staff note and a document; an admin erases them. Then,
// the portal stopped, every file of its data folder (WAL and key file included) is read as an attacker holding
// DATA_ENCRYPTION_KEY (and the older secret the ring still accepts) would: every sealed value of every format is
// opened with it and with every data key it unwraps, and none of the erased person's values comes out. A second,
// untouched applicant is the control: the same attack does open theirs.

const PLANTED = plantedValues("SHREDME");
const MERCHANT = "Zwaardvis Shredded Cafe";
const NOTE = "Called Ada Zwaardvis about her passport ZQ-7731";
const CONTROL = "Kontrollename";
const SECRETS = { DATA_ENCRYPTION_KEY: "e".repeat(40), NEXTAUTH_SECRET: "n".repeat(40) };
const ADMIN = { email: "shred.admin@example.com", password: "shred-admin-password-0123" };

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? filesUnder(full) : e.isFile() ? [full] : [];
  });
}
const foldersUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? [path.join(dir, e.name), ...foldersUnder(path.join(dir, e.name))] : [],
  );

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
    PORTAL_MODE: "live",
    DATA_DIR: portalDir,
    APP_URL: origin,
    ISSUER_BASE_URL: `${sandboxOrigin}/sandbox`,
    ISSUER_API_KEY: "sandbox_key",
    ISSUER_API_SECRET: "sandbox_secret",
    ISSUER_WEBHOOK_SECRET: "sandbox_webhook_secret",
    ...SECRETS,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    HOST: "127.0.0.1",
  });
  await waitForHttp(`${sandboxOrigin}/api/health`);
  await waitForHttp(`${origin}/api/health`);
});
test.afterAll(async () => {
  await portal?.stop();
  await sandbox?.stop();
});

async function sandboxToken(): Promise<string> {
  const answer = await fetch(`${sandboxOrigin}/sandbox/api/open/v1/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-request-id": crypto.randomUUID() },
    body: JSON.stringify({ api_key: "sandbox_key", api_secret: "sandbox_secret" }),
  });
  return ((await answer.json()) as { data: { access_token: string } }).data.access_token;
}

test("after an erasure no value of the erased person opens from the raw data folder, even with the configured key", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  expect(await (await fetch(`${origin}/api/health`)).json()).toMatchObject({ mode: "live" });
  const api = await playwright.request.newContext({ baseURL: origin });
  const { id, cardholderId } = await onboardThroughApi(api, sandboxOrigin, PLANTED);
  // The control: another applicant's draft, never erased.
  const control = await api.post("/api/applications", { data: { productId: "prod_premium_enhanced_eur" } });
  const controlId = ((await control.json()) as { application: { id: string } }).application.id;
  const saved = await api.put(`/api/applications/${controlId}/draft`, {
    data: {
      step: "about-you",
      values: { first_name: "Kim", last_name: CONTROL, birth_date: "1980-01-01", gender: 1, nationality: "US", ssn: "123121234" },
    },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await api.dispose();

  const admin = await staffApi(playwright, origin, ADMIN);
  // A card authorization at a planted merchant, through the issuer's signed webhook.
  const token = await sandboxToken();
  const found = await fetch(`${sandboxOrigin}/sandbox/api/open/v2/issuing/cardholders/${cardholderId}`, {
    headers: { authorization: `Bearer ${token}`, "x-request-id": crypto.randomUUID() },
  });
  const cardId = ((await found.json()) as { data: { cards?: Array<{ id: string }> } }).data.cards?.[0]?.id ?? "";
  expect(cardId).toBeTruthy();
  const authorized = await fetch(`${sandboxOrigin}/sandbox/simulate/cards/${cardId}/authorizations`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ amount: "12.34", currency: "USD", merchant_name: MERCHANT }),
  });
  expect(authorized.status).toBe(200);
  // Staff read the merchant back (opened with the cardholder's key), and add a note.
  const exported = async () => (await admin.get(`/api/admin/transactions/export?card=${encodeURIComponent(cardId)}`)).text();
  await expect.poll(exported, { timeout: 30_000 }).toContain(MERCHANT);
  const note = await admin.post(`/api/admin/applications/${id}/notes`, { data: { body: NOTE } });
  expect(note.status(), await note.text()).toBe(200);

  const erased = await admin.post(`/api/admin/applications/${id}/erase`, {
    data: { confirm: id, reason: "request by email of 2026-11-25" },
  });
  expect(erased.status(), await erased.text()).toBe(200);
  // The staff pages still answer: the transaction with its amount, its merchant "erased".
  const after = await exported();
  expect(after).toContain("12.34");
  expect(after).not.toContain(MERCHANT);
  await admin.dispose();

  // Stop the portal (PGlite: one process per folder), then read everything it left behind.
  await portal.stop();
  const files = filesUnder(portalDir);
  const contents = files.map((f) => readFileSync(f));
  const planted = [...Object.values(PLANTED), MERCHANT, NOTE];
  // Soft: every value found in clear or opened is reported, not only the first.
  for (const [i, bytes] of contents.entries())
    for (const value of planted) expect.soft(bytes.includes(Buffer.from(value)), `${value} in clear in ${files[i]}`).toBe(false);
  const attack = openAsAttacker(contents, Object.values(SECRETS));
  const opened = attack.opened.map((o) => o.text).join("\n");
  for (const value of planted) expect.soft(opened, `${value} opened`).not.toContain(value);
  // The attack works: it unwraps the control's data key from the key file and opens the control's answers (v3).
  expect(attack.opened.filter((o) => o.sealed.startsWith("v3.") && o.text.includes(CONTROL)).length).toBeGreaterThan(0);
  expect(files.map((f) => path.relative(portalDir, f))).toEqual(
    expect.arrayContaining(["keys", expect.stringMatching(/^pglite\/pg_wal\//)]),
  );
  // The erased person's values are there, sealed with keys that no longer exist anywhere.
  expect(attack.unopened.filter((s) => s.startsWith("v3.")).length).toBeGreaterThan(5);

  // Owner only: every file 0600, every folder 0700 (PGlite's own are created 0666).
  for (const file of files) expect((statSync(file).mode & 0o777).toString(8), file).toBe("600");
  for (const folder of [portalDir, ...foldersUnder(portalDir)]) expect((statSync(folder).mode & 0o777).toString(8), folder).toBe("700");
});
