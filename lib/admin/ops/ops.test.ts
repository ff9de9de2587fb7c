import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@/lib/applications/deps";
import { cardsPage, cardDetail } from "@/lib/admin/ops/cards";
import { exportTransactions, transactionsPage } from "@/lib/admin/ops/transactions";
import { describeWebhookError } from "@/lib/admin/ops/webhook-error";
import { bodyView, reprocessWebhook, webhookPage } from "@/lib/admin/ops/webhooks";
import type { Staff } from "@/lib/auth/current-staff";
import { destroyOwnerKeys, keyOwners } from "@/lib/crypto/data-keys";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { insertApplication } from "@/lib/db/applications";
import { cardTransactions } from "@/lib/db/schema";
import { listAuditEntries } from "@/lib/db/staff-audit";
import { testEngines } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { findInboxEvent } from "@/lib/db/webhook-inbox";
import { listSignatureFailures } from "@/lib/db/webhook-inspector";
import { createIssuerClient } from "@/lib/issuer/client";
import { MAX_PROCESS_ATTEMPTS, processDueWebhooks } from "@/lib/webhooks/processor";
import { receiveWebhook } from "@/lib/webhooks/receive";

// The webhook inspector, transactions and cards over the real receiver and processor, on PGlite and (when
// TEST_DATABASE_URL is set) on Postgres.

vi.spyOn(console, "warn").mockImplementation(() => undefined);
vi.spyOn(console, "log").mockImplementation(() => undefined);

const SECRET = "whsec_ops";
const keys = keyringOf("test data encryption key");
const sign = (body: string) => createHmac("sha256", SECRET).update(body).digest("base64");
const iso = (d: Date) => `${d.toISOString().slice(0, 19)}Z`;
const staff: Staff = { id: crypto.randomUUID(), email: "agent@example.com", name: "Agent", role: "agent", ip: "10.0.0.1" };

const authorization = (card: string, over: Record<string, unknown> = {}) => ({
  transaction_id: `txn_${crypto.randomUUID()}`,
  card_id: card,
  cardholder_id: "ch_ops",
  card_number: "4000********1234",
  transaction_type: "AUTHORIZATION",
  transaction_status: "APPROVED",
  transaction_amount: "12.34",
  transaction_currency: "USD",
  billing_amount: "12.34",
  billing_currency: "USD",
  transaction_fee: "0.50",
  transaction_fee_currency: "USD",
  transaction_time: "2026-11-22T10:00:00+00:00",
  merchant_data: [{ name: "=Cafe", city: "Singapore", country: "SG", category_code: "5999" }],
  ...over,
});

describe.each(testEngines())("ops views on %s", (_engine, open) => {
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  let deps: AppDeps;
  beforeAll(async () => {
    ({ handle, drop } = await open());
    deps = {
      db: handle.db,
      // Transactions never reach the issuer; the client is there only to satisfy the type.
      issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
      now: () => new Date(),
      keys,
      kycLinks: { hosts: [], httpOnLoopback: true },
      appUrl: "http://portal.test",
    };
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  const post = (body: string, signature = sign(body), at = new Date()) =>
    receiveWebhook(
      new Request("http://portal.test/api/webhooks/issuer", {
        method: "POST",
        body,
        headers: { "content-type": "application/json", "x-wk-signature": signature },
      }),
      { db: handle.db, secrets: [SECRET], now: () => at, notify: () => undefined, keys, maxAgeMs: 72 * 3_600_000 },
    );
  /** Runs the processor until nothing is due (earlier tests leave events behind). */
  const drain = async (now = new Date()) => {
    while ((await processDueWebhooks({ ...deps, now: () => now })) > 0);
  };
  const envelope = (type: string, data: Record<string, unknown>, at = new Date(), id = `evt_${crypto.randomUUID()}`) =>
    JSON.stringify({ account_no: "8800****4321", data, event_id: id, event_type: type, timestamp: iso(at) });

  it("counts redeliveries of a stored event in one insert, and stores the event only once", async () => {
    const body = envelope("cardholder.updated", { cardholder_id: "ch_dup", status: "PENDING", kyc_status: "PENDING" });
    const id = JSON.parse(body).event_id as string;
    expect(await (await post(body)).json()).toEqual({ ok: true, duplicate: false });
    expect((await findInboxEvent(handle.db, id))?.duplicates).toBe(0);
    await Promise.all([post(body), post(body)]);
    expect(await (await post(body)).json()).toEqual({ ok: true, duplicate: true });
    expect(await findInboxEvent(handle.db, id)).toMatchObject({ duplicates: 3, state: "pending", attempts: 0 });
  });

  it("counts signature failures per hour without storing their bodies", async () => {
    const hour = new Date("2026-11-20T08:00:00Z");
    for (const minute of [1, 30, 59]) expect((await post("{}", "bad", new Date(hour.getTime() + minute * 60_000))).status).toBe(401);
    expect((await post("{}", "bad", new Date(hour.getTime() + 3_600_000))).status).toBe(401);
    const rows = await listSignatureFailures(handle.db, new Date("2026-11-20T00:00:00Z"));
    expect(rows.map((r) => [r.hour.toISOString(), r.failures])).toEqual([
      ["2026-11-20T09:00:00.000Z", 1],
      ["2026-11-20T08:00:00.000Z", 3],
    ]);
  });

  it("filters the inbox by type, state, cardholder and time, a keyset page at a time", async () => {
    const base = Date.now() - 60_000;
    for (let i = 0; i < 53; i++)
      await post(
        envelope("cardholder.created", { cardholder_id: "ch_many", status: "PENDING", kyc_status: "PENDING" }),
        undefined,
        new Date(base + i),
      );
    const first = await webhookPage(handle.db, { cardholder: "ch_many" });
    expect(first.rows).toHaveLength(50);
    expect(first.next).toBeDefined();
    const second = await webhookPage(handle.db, { cardholder: "ch_many", after: first.next });
    expect(second.rows).toHaveLength(3);
    expect(second.next).toBeUndefined();
    expect(new Set([...first.rows, ...second.rows].map((r) => r.eventId)).size).toBe(53);
    expect((await webhookPage(handle.db, { cardholder: "ch_many", type: "cardholder.updated" })).rows).toHaveLength(0);
    expect((await webhookPage(handle.db, { cardholder: "ch_many", state: "pending" })).rows).toHaveLength(50);
    expect((await webhookPage(handle.db, { cardholder: "ch_many", state: "applied" })).rows).toHaveLength(0);
    expect((await webhookPage(handle.db, { cardholder: "ch_many", to: "2001-01-01" })).rows).toHaveLength(0);

    // Each filter on its own narrows the list: one cardholder's events of two types, received on two days.
    const received = async (day: string, type: string) => {
      const at = new Date(`${day}T12:00:00Z`);
      await post(envelope(type, { cardholder_id: "ch_filters", status: "PENDING", kyc_status: "PENDING" }, at), undefined, at);
    };
    await received("2026-03-10", "cardholder.updated");
    await received("2026-03-10", "cardholder.updated");
    await received("2026-03-20", "cardholder.created");
    const count = async (filter: Omit<Parameters<typeof webhookPage>[1], "cardholder">, cardholder = "ch_filters") =>
      (await webhookPage(handle.db, { cardholder, ...filter })).rows.length;
    expect([await count({}), await count({}, "ch_nobody")]).toEqual([3, 0]);
    expect([await count({ type: "cardholder.updated" }), await count({ type: "cardholder.created" })]).toEqual([2, 1]);
    expect([await count({ from: "2026-03-11" }), await count({ to: "2026-03-19" })]).toEqual([1, 2]);
    expect(await count({ from: "2026-03-10", to: "2026-03-10" })).toBe(2);
    expect(await count({ state: "pending" })).toBe(3);
    await drain(new Date("2026-03-20T12:00:01Z"));
    // A cardholder the portal does not know: its events are ignored, no longer pending.
    expect([await count({ state: "pending" }), await count({ state: "ignored" })]).toEqual([0, 3]);
  });

  it("reprocesses a poisoned event through the processor, audited; refuses other states", async () => {
    // A transaction event the processor cannot apply (no amount) is retried until poisoned.
    const bad = authorization("card_poison");
    const body = envelope("card.transaction.authorization", { ...bad, transaction_amount: undefined });
    const id = JSON.parse(body).event_id as string;
    await post(body);
    let now = Date.now();
    for (let i = 0; i < MAX_PROCESS_ATTEMPTS && (await findInboxEvent(handle.db, id))?.state === "pending"; i++) {
      await drain(new Date(now));
      now += 10 * 60_000;
    }
    const poisoned = await findInboxEvent(handle.db, id);
    expect(poisoned?.state).toBe("poisoned");
    // The stored error names the missing amount, which the page says in a sentence.
    expect(describeWebhookError(poisoned?.lastError ?? "")).toEqual({ kind: "fields", fields: ["transaction_amount"] });
    let woke = 0;
    await reprocessWebhook(staff, id, handle.db, () => void (woke += 1));
    expect(woke).toBe(1);
    // Pending again without the old error: the page shows the new state, not the last try's details.
    expect(await findInboxEvent(handle.db, id)).toMatchObject({ state: "pending", lastError: null });
    const [entry] = await listAuditEntries(handle.db, { action: "webhook.reprocessed" }, 1);
    expect(entry).toMatchObject({ target: id, staffEmail: staff.email, detail: { from: "poisoned" } });
    await expect(reprocessWebhook(staff, id, handle.db, () => undefined)).rejects.toMatchObject({ code: "INVALID_STATE" });
    await expect(reprocessWebhook(staff, "evt_none", handle.db, () => undefined)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // Failing again after the reprocess: poisoned after that one try.
    await drain(new Date(now));
    expect(await findInboxEvent(handle.db, id)).toMatchObject({ state: "poisoned", attempts: MAX_PROCESS_ATTEMPTS + 1 });
  });

  it("reprocesses a parked event, and it is applied", async () => {
    const body = envelope("card.transaction.authorization", authorization("card_parked"), new Date("2001-01-01T00:00:00Z"));
    const id = JSON.parse(body).event_id as string;
    expect(await (await post(body)).json()).toMatchObject({ parked: true });
    await reprocessWebhook(staff, id, handle.db, () => undefined);
    await drain();
    expect((await findInboxEvent(handle.db, id))?.state).toBe("applied");
  });

  it("shows bodies only to roles allowed, and says when retention removed one", () => {
    const sealed = seal('{"a":1}', keys);
    expect(bodyView(sealed, false, () => "x")).toEqual({ kind: "hidden" });
    expect(bodyView("", true, () => "x")).toEqual({ kind: "removed" });
    expect(
      bodyView("junk", true, () => {
        throw new Error("no key");
      }),
    ).toEqual({ kind: "unreadable" });
    expect(bodyView(sealed, true, () => '{"a":1}')).toEqual({ kind: "json", text: '{\n  "a": 1\n}' });
  });

  it("lists transactions with filters and keyset pages, exports formula-safe CSV, handles erased data", async () => {
    const card = `card_${crypto.randomUUID().slice(0, 8)}`;
    for (let i = 0; i < 52; i++) {
      const over = { cardholder_id: "ch_tx", ...(i === 0 ? { transaction_status: "DECLINED", transaction_currency: "EUR" } : {}) };
      await post(envelope("card.transaction.authorization", authorization(card, over)));
    }
    await drain();
    const first = await transactionsPage({ card }, handle.db, keys);
    expect(first.rows).toHaveLength(50);
    const second = await transactionsPage({ card, after: first.next }, handle.db, keys);
    expect(second.rows).toHaveLength(2);
    expect(new Set([...first.rows, ...second.rows].map((r) => r.transactionId)).size).toBe(52);
    expect((await transactionsPage({ card, status: "DECLINED" }, handle.db, keys)).rows).toHaveLength(1);
    expect((await transactionsPage({ card, currency: "EUR" }, handle.db, keys)).rows).toHaveLength(1);
    expect((await transactionsPage({ card, type: "REFUND" }, handle.db, keys)).rows).toHaveLength(0);
    expect(first.rows[0]).toMatchObject({ fee: "0.50", merchantCity: "Singapore", merchantCountry: "SG", merchantCategory: "5999" });
    // At rest the merchant is sealed with the cardholder's data key; amounts, fee and times stay clear.
    const [stored] = await handle.db.select().from(cardTransactions).where(eq(cardTransactions.cardId, card)).limit(1);
    expect(stored?.detailsSealed?.startsWith("v3.")).toBe(true);
    expect(JSON.stringify(stored?.data)).not.toMatch(/Cafe|Singapore|5999/);
    expect(stored?.data).toMatchObject({ transaction_amount: "12.34", transaction_fee: "0.50" });
    expect(first.facets.statuses).toEqual(expect.arrayContaining(["APPROVED", "DECLINED"]));

    const csv = await new Response(await exportTransactions(staff, { card }, handle.db, keys)).text();
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(53);
    expect(lines[1]).toContain(`"'=Cafe"`);
    const [entry] = await listAuditEntries(handle.db, { action: "transactions.exported" }, 1);
    expect(entry?.detail).toMatchObject({ filter: { card } });

    // An erasure destroys the cardholder's key: the rows still read, their merchant as erased; the CSV too.
    await destroyOwnerKeys(keys, handle.db, [keyOwners.cardholder("ch_tx")]);
    const erased = await transactionsPage({ card }, handle.db, keys);
    expect(erased.rows[0]).toMatchObject({ merchantName: null, merchantCity: null, fee: "0.50", amount: "12.34", details: "erased" });
    const after = await new Response(await exportTransactions(staff, { card }, handle.db, keys)).text();
    expect(after.trim().split("\r\n")).toHaveLength(53);
    expect(after).not.toContain("Cafe");
  });

  it("lists cards issued through the portal and cards it does not know", async () => {
    const now = new Date();
    await insertApplication(handle.db, {
      id: "app_opscard00000000000000",
      productId: "prod_x",
      kycLevel: "basic",
      state: "card_issued",
      draftCiphertext: seal(JSON.stringify({ first_name: "Ada", last_name: "Ops" }), keys),
      resumeHash: crypto.randomUUID(),
      resumeExpiresAt: now,
      cardholderId: "ch_card_ops",
      cardId: "card_known",
      cardStatus: "ACTIVE",
    });
    await post(envelope("card.transaction.authorization", authorization("card_known")));
    await post(envelope("card.transaction.authorization", authorization("card_stranger")));
    await drain();
    const page = await cardsPage({}, handle.db, keys);
    expect(page.rows).toEqual([
      expect.objectContaining({ cardId: "card_known", name: "Ada Ops", status: "ACTIVE", maskedNumber: "4000********1234" }),
    ]);
    expect(page.unknown.map((u) => u.cardId)).toContain("card_stranger");
    expect(page.unknown.map((u) => u.cardId)).not.toContain("card_known");
    const known = await cardDetail("card_known", undefined, handle.db, keys);
    expect(known.card?.applicationId).toBe("app_opscard00000000000000");
    expect(known.transactions.rows).toHaveLength(1);
    const stranger = await cardDetail("card_stranger", undefined, handle.db, keys);
    expect(stranger.card).toBeUndefined();
    expect(stranger.transactions.rows).toHaveLength(1);
  });
});
