import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keyOwners, ownerKeyring, readingKeyring } from "@/lib/crypto/data-keys";
import { keyDestroyed, open, seal, type Keyring } from "@/lib/crypto/secret-box";
import { openDatabase } from "@/lib/db/open";
import { rowsOf } from "@/lib/db/rows";
import type { Database, DbHandle } from "@/lib/db/types";
import { createIssuerClient } from "@/lib/issuer/client";
import { eraseSubject } from "@/lib/privacy/erase";
import { applyRetention } from "@/lib/privacy/retention";
import { admin, appId, keys, plantApplicant } from "@/lib/privacy/testing";
import { applyEvent } from "@/lib/webhooks/handlers";
import { eventKeyOwner, sealInboxBatch } from "@/lib/webhooks/inbox-seal";
import { authorizationData } from "@/lib/webhooks/test-events";

// Erasure is cryptographic (issue #24, item 8): the data keys of the person's applications, cardholders and cards
// are destroyed, so every copy sealed before (what a WAL, a dead tuple or a backup keeps) stays sealed; what the
// issuer sends afterwards about the erased cardholder is kept without personal details.

const GRACE = appId("gracekeys");
const OTHER = appId("otherkeys");

/** The domain's dependencies for a handler that never calls the issuer. */
const testDeps = (db: Database, ring: Keyring) => ({
  db,
  issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
  now: () => new Date(),
  keys: ring,
  kycLinks: { hosts: [], httpOnLoopback: true },
  appUrl: "http://portal.test",
});

let handle: DbHandle;
/** Every sealed value of GRACE as stored before the erasure. */
let copiesBefore: string[] = [];

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  await plantApplicant(handle.db, GRACE, { state: "card_issued", cardholder: "ch_gracekeys", email: "email_G", identity: "id_G" });
  await plantApplicant(handle.db, OTHER, { state: "card_issued", cardholder: "ch_otherkeys", email: "email_O", name: "Olga" });
  copiesBefore = rowsOf<{ v: string }>(
    await handle.db.execute(sql`select draft_ciphertext as v from applications where id = ${GRACE}
      union all select kyc_url from applications where id = ${GRACE}
      union all select file_name from application_files where application_id = ${GRACE}
      union all select body_sealed from application_notes where application_id = ${GRACE}
      union all select request_body_sealed from upstream_requests where request_id like ${`%${GRACE}`}
      union all select body from webhook_inbox where cardholder_id = 'ch_gracekeys'
      union all select details_sealed from card_transactions where cardholder_id = 'ch_gracekeys'`),
  ).map((r) => r.v);
  await eraseSubject(handle.db, keys, admin, GRACE, { confirm: GRACE, reason: "request by email of 2026-11-20" });
}, 120_000);
afterAll(async () => handle.close());

describe("erasure destroys the data keys", () => {
  it("of the application and its cardholder: every copy taken before stays sealed; the other person's keys stay", async () => {
    expect(copiesBefore).toHaveLength(8);
    const ring = await readingKeyring(keys, handle.db, copiesBefore);
    for (const copy of copiesBefore) {
      expect(copy.startsWith("v3.")).toBe(true);
      expect(keyDestroyed(copy, ring)).toBe(true);
      expect(() => open(copy, ring)).toThrow();
    }
    for (const owner of [GRACE, keyOwners.cardholder("ch_gracekeys"), keyOwners.card(`card_${GRACE}`)]) {
      expect(await ownerKeyring(keys, handle.db, owner)).toBeNull();
    }
    expect(await ownerKeyring(keys, handle.db, OTHER)).not.toBeNull();
  });

  it("a card authorization for the erased cardholder that arrives later keeps its amount and time, nothing else", async () => {
    const data = {
      ...authorizationData("txn_after_erasure", `card_${GRACE}`, "2026-11-21T09:30:00+00:00"),
      cardholder_id: "ch_gracekeys",
      description: "Grace's groceries",
      merchant_data: [{ name: "Late Cafe", city: "Arlington", country: "US", category_code: "5814" }],
    };
    const event = {
      account_no: "8800",
      data,
      event_id: "evt_after_erasure",
      event_type: "card.transaction.authorization",
      timestamp: "2026-11-21T09:30:00Z",
    };
    // Received: the inbox keeps the event reduced to what says nothing about the person.
    const [stored] = await sealInboxBatch(handle.db, [
      {
        row: { eventId: event.event_id, eventType: event.event_type, eventAt: new Date(), headers: {} },
        text: JSON.stringify(event),
        event,
        keyOwner: eventKeyOwner(event),
        keys,
      },
    ]);
    expect(open(stored?.body ?? "", keys)).not.toMatch(/Late Cafe|Arlington|groceries/);
    expect(JSON.parse(open(stored?.body ?? "", keys))).toMatchObject({
      data: { transaction_amount: "1.00", cardholder_id: "ch_gracekeys" },
    });
    // Applied: the transaction row has its amount and time, no merchant, no details.
    await applyEvent(testDeps(handle.db, keys), event, new Date());
    const row = rowsOf<{ data: Record<string, unknown>; details_sealed: string | null; transaction_time: string }>(
      await handle.db.execute(
        sql`select data, details_sealed, transaction_time from card_transactions where transaction_id = 'txn_after_erasure'`,
      ),
    )[0];
    expect(row).toMatchObject({ details_sealed: null, transaction_time: "2026-11-21T09:30:00+00:00" });
    expect(row?.data).toMatchObject({ transaction_amount: "1.00", transaction_currency: "USD" });
    expect(JSON.stringify(row)).not.toMatch(/Late Cafe|Arlington|groceries|5814/);
  });

  it("the retention pass strips what an erased cardholder's transactions still hold", async () => {
    // As an older instance would have stored it: the whole event in clear, the merchant details under the configured key.
    await handle.db.execute(sql`insert into card_transactions (transaction_id, event_id, card_id, cardholder_id, transaction_type,
        transaction_status, transaction_amount, transaction_currency, billing_amount, billing_currency, transaction_time, data, details_sealed)
      values ('txn_leftover', 'evt_leftover', ${`card_${GRACE}`}, null, 'AUTHORIZATION', 'APPROVED', '3.00', 'EUR', '3.00', 'EUR',
        '2026-11-21T10:00:00+00:00', '{"transaction_amount":"3.00","merchant_data":[{"name":"Old Cafe"}]}'::jsonb, ${seal("{}", keys)})`);
    const report = await applyRetention(handle.db, { draftDays: 30, logDays: 90, applicationDays: 365 }, new Date());
    expect(report.erasedTransactionsScrubbed).toBe(1);
    const left = rowsOf<{ data: unknown; details_sealed: string | null }>(
      await handle.db.execute(sql`select data, details_sealed from card_transactions where transaction_id = 'txn_leftover'`),
    );
    expect(left[0]).toEqual({ data: { transaction_amount: "3.00" }, details_sealed: null });
  });
});
