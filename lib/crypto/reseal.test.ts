import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyOwners, ownerKeyring, readingKeyring } from "@/lib/crypto/data-keys";
import { isCurrent, keyringOf, open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { resealBatch } from "@/lib/crypto/reseal";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { DbHandle } from "@/lib/db/types";
import { sealLegacyTransactions } from "@/lib/webhooks/transaction-details";

// The background sealing, on rows as 0.1 left them, as the portal left them before data keys (everything under
// DATA_ENCRYPTION_KEY), and as a key rotation leaves them.

let handle: DbHandle;
beforeAll(async () => void (handle = await openDatabase({ kind: "pglite", dataDir: undefined })));
afterAll(async () => handle.close());

const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await handle.db.execute(query))[0] as T;
const old = keyringOf("the key before the rotation, long enough");
const rotated = keyringOf("the key after the rotation, long enough!", "the key before the rotation, long enough");
const opened = async (keys: Keyring, value: string) => open(value, await readingKeyring(keys, handle.db, [value]));

async function insertApp(id: string, draft: string, kycUrl: string, extra = sql``) {
  await handle.db
    .execute(sql`insert into applications (id, product_id, kyc_level, draft_ciphertext, resume_hash, resume_expires_at, kyc_url)
    values (${id}, 'p', 'Standard', ${draft}, ${id}, now(), ${kycUrl}) ${extra}`);
}
const resealAll = async (keys: Keyring, limit = 200) => {
  while ((await resealBatch(handle.db, keys, limit)) > 0);
};

describe("resealBatch", () => {
  it("seals what 0.1 kept in clear, with the application's own data key when it has an application", async () => {
    await insertApp("app_clearclearclearclear00", seal("{}", old), "https://kyc.example/s/abc");
    await handle.db.execute(sql`insert into application_files (file_id, application_id, file_name, file_type, size)
      values ('file_clear', 'app_clearclearclearclear00', 'ada-lovelace-passport.png', 'image/png', 10)`);
    await handle.db.execute(sql`insert into upstream_requests (method, path, request_id, attempt, duration_ms, request_body, application_id)
      values ('POST', '/x', 'r-clear', 1, 5, '{"email":"ada@example.com"}'::jsonb, 'app_clearclearclearclear00'),
             ('POST', '/y', 'r-nobody', 1, 5, '{"page":1}'::jsonb, null)`);
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, body, headers)
      values ('evt_clear', 'cardholder.updated', now(), '{"data":{"first_name":"Ada"}}', '{}'::jsonb)`);

    await resealAll(rotated, 2);

    const app = await one<{ kyc_url: string; draft_ciphertext: string }>(
      sql`select kyc_url, draft_ciphertext from applications where id = 'app_clearclearclearclear00'`,
    );
    const own = (await ownerKeyring(rotated, handle.db, "app_clearclearclearclear00"))!;
    for (const value of [app.kyc_url, app.draft_ciphertext]) expect(isCurrent(value, own)).toBe(true);
    expect(open(app.kyc_url, own)).toBe("https://kyc.example/s/abc");
    const file = await one<{ file_name: string }>(sql`select file_name from application_files where file_id = 'file_clear'`);
    expect(open(file.file_name, own)).toBe("ada-lovelace-passport.png");
    const request = await one<{ request_body: unknown; request_body_sealed: string }>(
      sql`select request_body, request_body_sealed from upstream_requests where request_id = 'r-clear'`,
    );
    expect(request.request_body).toBeNull();
    expect(JSON.parse(open(request.request_body_sealed, own))).toEqual({ email: "ada@example.com" });
    // Nobody's: a call without an application, an event without a cardholder stay under DATA_ENCRYPTION_KEY.
    const nobody = await one<{ request_body_sealed: string }>(
      sql`select request_body_sealed from upstream_requests where request_id = 'r-nobody'`,
    );
    expect(isCurrent(nobody.request_body_sealed, rotated)).toBe(true);
    const event = await one<{ body: string }>(sql`select body from webhook_inbox where event_id = 'evt_clear'`);
    expect(JSON.parse(open(event.body, rotated))).toEqual({ data: { first_name: "Ada" } });
    const dump = JSON.stringify(
      rowsOf(await handle.db.execute(sql`select * from applications, application_files, upstream_requests, webhook_inbox`)),
    );
    expect(dump).not.toMatch(/\bAda\b|ada@example|lovelace|kyc\.example/);
  });

  it("moves what DATA_ENCRYPTION_KEY sealed to its owner's data key; a rotation then needs no re-seal of the values", async () => {
    await insertApp("app_rotaterotaterotate0000", seal('{"ssn":"123456789"}', old), seal("https://kyc.example/s/r", old), sql``);
    await handle.db.execute(sql`insert into application_notes (application_id, staff_id, staff_name, body_sealed)
      values ('app_rotaterotaterotate0000', gen_random_uuid(), 'Agent', ${seal("called about the SSN", old)})`);
    await handle.db.execute(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers)
      values ('evt_owned', 'cardholder.updated', now(), 'ch_owned', ${seal('{"data":{"email":"r@example.com"}}', old)}, '{}'::jsonb)`);
    await resealAll(rotated);
    const app = await one<{ draft_ciphertext: string; kyc_url: string }>(
      sql`select draft_ciphertext, kyc_url from applications where id = 'app_rotaterotaterotate0000'`,
    );
    const note = await one<{ body_sealed: string }>(
      sql`select body_sealed from application_notes where application_id = 'app_rotaterotaterotate0000'`,
    );
    const event = await one<{ body: string }>(sql`select body from webhook_inbox where event_id = 'evt_owned'`);
    for (const value of [app.draft_ciphertext, app.kyc_url, note.body_sealed, event.body]) expect(value.startsWith("v3.")).toBe(true);
    // The data keys are wrapped with the new key: the old one is no longer needed.
    const newOnly = keyringOf("the key after the rotation, long enough!");
    expect(JSON.parse(await opened(newOnly, app.draft_ciphertext))).toEqual({ ssn: "123456789" });
    expect(await opened(newOnly, note.body_sealed)).toBe("called about the SSN");
    expect(JSON.parse(await opened(newOnly, event.body))).toEqual({ data: { email: "r@example.com" } });
    expect(await resealBatch(handle.db, rotated)).toBe(0);
  });

  it("gives an application erased before data keys existed no key; its leftovers stay for retention to remove", async () => {
    // A process started after the upgrade: its first pass marks the owners of earlier erasures destroyed.
    const later = await openDatabase({ kind: "pglite", dataDir: undefined });
    try {
      const run = (query: ReturnType<typeof sql>) => later.db.execute(query);
      await run(sql`insert into applications (id, product_id, kyc_level, draft_ciphertext, resume_hash, resume_expires_at, cardholder_id, erased_at)
        values ('app_erasederasederased0000', 'p', 'Standard', '', 'h', now(), 'ch_gone', now())`);
      await run(sql`insert into application_erasures (application_id, cardholder_id, state, staff_email, reason)
        values ('app_erasederasederased0000', 'ch_gone', 'card_issued', 'admin@example.com', 'request')`);
      await run(sql`insert into webhook_inbox (event_id, event_type, event_at, cardholder_id, body, headers, state)
        values ('evt_gone', 'cardholder.updated', now(), 'ch_gone', ${seal('{"data":{"email":"gone@example.com"}}', old)}, '{}'::jsonb, 'pending')`);
      while ((await resealBatch(later.db, rotated)) > 0);
      expect(await ownerKeyring(rotated, later.db, "app_erasederasederased0000")).toBeNull();
      expect(await ownerKeyring(rotated, later.db, keyOwners.cardholder("ch_gone"))).toBeNull();
      const event = rowsOf<{ body: string }>(await run(sql`select body from webhook_inbox where event_id = 'evt_gone'`))[0];
      expect(event?.body.startsWith("v3.")).toBe(false);
    } finally {
      await later.close();
    }
  });

  it("a value no configured key opens is left as it is and does not stop the others", async () => {
    await insertApp(
      "app_unreadableunreadable00",
      seal("{}", keyringOf("a key nobody has any more, long enough")),
      seal("https://kyc.example/u", old),
    );
    const changed = await resealBatch(handle.db, rotated);
    expect(changed).toBeGreaterThanOrEqual(1);
    const app = await one<{ kyc_url: string }>(sql`select kyc_url from applications where id = 'app_unreadableunreadable00'`);
    expect(app.kyc_url.startsWith("v3.")).toBe(true);
    expect(await opened(rotated, app.kyc_url)).toBe("https://kyc.example/u");
  });

  it("card transactions stored with the whole event: the merchant sealed with the cardholder's key, the rest clear", async () => {
    await handle.db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type,
        transaction_status, transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data)
      values ('txn_old', 'evt_txn_old', 'card_old', 'ch_old', 'AUTHORIZATION', 'APPROVED', '9.99', 'USD', '9.99', 'USD', '2026-11-01T10:00:00Z',
        '{"transaction_amount":"9.99","description":"Ada at the pharmacy","merchant_data":[{"name":"Pharmacy"}]}'::jsonb)`);
    expect(await sealLegacyTransactions(rotated, handle.db, 10)).toBe(1);
    expect(await sealLegacyTransactions(rotated, handle.db, 10)).toBe(0);
    const row = await one<{ data: unknown; details_sealed: string }>(
      sql`select data, details_sealed from card_transactions where transaction_id = 'txn_old'`,
    );
    expect(row.data).toEqual({ transaction_amount: "9.99" });
    const own = (await ownerKeyring(rotated, handle.db, keyOwners.cardholder("ch_old")))!;
    expect(JSON.parse(open(row.details_sealed, own))).toEqual({
      description: "Ada at the pharmacy",
      merchant_data: [{ name: "Pharmacy" }],
    });
  });
});
