import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { filesUnder, foldersUnder, startLivePair, type LivePair } from "./support/live-pair";
import { onboardThroughApi, plantedValues, sandboxToken } from "./support/onboard-api";
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

let pair: LivePair;

test.beforeAll(async ({}, testInfo) => {
  pair = await startLivePair(testInfo, { ...SECRETS, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
});
test.afterAll(async () => {
  await pair?.portal.stop();
  await pair?.sandbox.stop();
});

test("after an erasure no value of the erased person opens from the raw data folder, even with the configured key", async ({
  playwright,
}) => {
  test.setTimeout(180_000);
  const { origin, sandboxOrigin, portal, portalDir } = pair;
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
  const token = await sandboxToken(sandboxOrigin);
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
