import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transactionsPage } from "@/lib/admin/ops/transactions";
import { queueCsv } from "@/lib/admin/queue/csv-export";
import { staffSearch } from "@/lib/admin/search/search";
import { referenceOf } from "@/lib/applications/reference";
import { searchColumnsOf } from "@/lib/applications/search-index";
import { keyringOf, seal } from "@/lib/crypto/secret-box";
import { insertApplication } from "@/lib/db/applications";
import { cardTransactions, webhookInbox } from "@/lib/db/schema";
import { testEngines } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";

// The staff header's search over the blind indexes and ids, on PGlite and (with TEST_DATABASE_URL) Postgres:
// a person found by phone in another format, by short reference, by a card's last four, by an event id.

const keys = keyringOf("staff search test key, long enough");
const ADA = "app_AdaLovelace00000000000";
const BOB = "app_BobMartin000000000000A";
const at = new Date("2026-11-01T10:00:00Z");

const answers = (over: Record<string, unknown>) => ({
  first_name: "Ada",
  last_name: "Lovelace",
  email: "ada@example.com",
  area_code: "+44",
  mobile_number: "07700 900123",
  ...over,
});

describe.each(testEngines())("staff search on %s", (_engine, open) => {
  let handle: DbHandle;
  let drop: (() => Promise<void>) | undefined;
  const search = (text: string) => staffSearch(handle.db, keys, text);
  beforeAll(async () => {
    ({ handle, drop } = await open());
    const insert = (id: string, draft: Record<string, unknown>, over: Record<string, unknown>) =>
      insertApplication(handle.db, {
        id,
        productId: "prod_x",
        kycLevel: "basic",
        state: "card_issued",
        draftCiphertext: seal(JSON.stringify(draft), keys),
        resumeHash: id,
        resumeExpiresAt: at,
        createdAt: at,
        ...searchColumnsOf(draft, keys),
        ...over,
      });
    await insert(ADA, answers({}), { cardholderId: "ch_ada", cardId: "card_ada" });
    await insert(BOB, answers({ first_name: "Bob", last_name: "Martin", email: "bob@example.com", mobile_number: "7700 900999" }), {
      cardholderId: "ch_bob",
      cardId: "card_bob",
    });
    await handle.db.insert(cardTransactions).values({
      transactionId: "txn_ada",
      eventId: "evt_txn_ada",
      cardId: "card_ada",
      cardholderId: "ch_ada",
      maskedCardNumber: "4000********4821",
      transactionType: "AUTHORIZATION",
      transactionStatus: "APPROVED",
      transactionAmount: "1.00",
      transactionCurrency: "USD",
      billingAmount: "1.00",
      billingCurrency: "USD",
      transactionTime: at.toISOString(),
      data: {},
    });
    await handle.db.insert(webhookInbox).values({
      eventId: "evt_ada_failed",
      eventType: "cardholder.updated",
      eventAt: at,
      cardholderId: "ch_ada",
      body: "",
      headers: {},
      state: "poisoned",
    });
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it("finds a person by phone number written another way, and not the one with another number", async () => {
    for (const typed of ["+44 7700 900123", "0044 7700-900-123", "07700900123"]) {
      const found = await search(typed);
      expect(found?.term.kind, typed).toBe("phone");
      expect(
        found?.applications.map((a) => a.id),
        typed,
      ).toEqual([ADA]);
      expect(found?.applications[0]?.name).toBe("Ada Lovelace");
    }
  });

  it("finds by short reference (any case, no hyphen), name prefix and email in any case", async () => {
    expect((await search(referenceOf(BOB).toLowerCase().replace("-", "")))?.applications.map((a) => a.id)).toEqual([BOB]);
    expect((await search("mart"))?.applications.map((a) => a.id)).toEqual([BOB]);
    expect((await search("ADA@example.COM"))?.applications.map((a) => a.id)).toEqual([ADA]);
    expect((await search(ADA))?.applications[0]?.reference).toBe(referenceOf(ADA));
  });

  it("finds a card by its last four digits, with its application and cardholder", async () => {
    const found = await search("4821");
    expect(found?.term.kind).toBe("last_four");
    expect(found?.cards).toEqual([{ cardId: "card_ada", maskedNumber: "4000********4821", name: "Ada Lovelace", applicationId: ADA }]);
    expect(found?.applications.map((a) => a.id)).toEqual([ADA]);
    expect(found?.cardholders).toEqual([{ cardholderId: "ch_ada", name: "Ada Lovelace", applicationId: ADA }]);
  });

  it("finds an event by its id and the application of its cardholder; a cardholder id finds its events", async () => {
    const byEvent = await search("evt_ada_failed");
    expect(byEvent?.events.map((e) => [e.eventId, e.state])).toEqual([["evt_ada_failed", "poisoned"]]);
    expect(byEvent?.applications.map((a) => a.id)).toEqual([ADA]);
    expect((await search("ch_ada"))?.events.map((e) => e.eventId)).toEqual(["evt_ada_failed"]);
    expect((await search("card_bob"))?.cards.map((c) => [c.cardId, c.applicationId])).toEqual([["card_bob", BOB]]);
  });

  it("filters the transactions by a card's last four digits or by cardholder id, as well as by card id", async () => {
    const cards = async (card: string) => (await transactionsPage({ card }, handle.db, keys)).rows.map((r) => r.cardId);
    expect(await cards("4821")).toEqual(["card_ada"]);
    expect(await cards("ch_ada")).toEqual(["card_ada"]);
    expect(await cards("card_ada")).toEqual(["card_ada"]);
    expect(await cards("9999")).toEqual([]);
    expect(await cards("ch_bob")).toEqual([]);
  });

  it("puts the short reference in the queue's CSV, beside the application id", async () => {
    const csv = await new Response(queueCsv(handle.db, keys, { now: at }, "created_desc")).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toMatch(/^application_id,reference,product_id,/);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^"${ADA}","${referenceOf(ADA)}","prod_x"`)));
  });

  it("says how it read a text that finds nothing", async () => {
    for (const [typed, kind] of [
      ["+44 7700 900000", "phone"],
      ["9999", "last_four"],
      ["Nobody", "name"],
      ["evt_none", "event_id"],
    ] as const) {
      const found = await search(typed);
      expect(found?.term.kind, typed).toBe(kind);
      expect([found?.applications, found?.cards, found?.cardholders, found?.events].flat(), typed).toEqual([]);
    }
    expect(await search("  ")).toBeUndefined();
  });
});
