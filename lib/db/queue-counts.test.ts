import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { dayEnd, dayStart } from "@/lib/admin/keyset";
import { countQueueByState } from "@/lib/db/queue-counts";
import { applications, webhookInbox, type ApplicationState } from "@/lib/db/schema";
import { testEngines, useTestDatabase } from "@/lib/db/testing";
import type { Database } from "@/lib/db/types";

// The queue's tabs: exact off the tallies when only product and days filter (days in the staff member's zone, the
// last one included), capped counts otherwise, the pile's rule kept for states outside it (a poisoned event).

const NOW = new Date(Date.UTC(2026, 5, 20, 12));
const hoursAgo = (h: number) => new Date(NOW.getTime() - h * 3_600_000);

async function app(
  db: Database,
  i: number,
  state: ApplicationState,
  createdAt: Date,
  more: { productId?: string; cardholderId?: string } = {},
) {
  await db.insert(applications).values({
    id: `app_counts${String(i).padStart(16, "0")}`,
    productId: more.productId ?? "prod_a",
    kycLevel: "Basic",
    state,
    draftCiphertext: "sealed",
    resumeHash: `counts-${i}`,
    resumeExpiresAt: createdAt,
    cardholderId: more.cardholderId,
    createdAt,
  });
}

describe.each(testEngines())("queue counts on %s", (_engine, open) => {
  const database = useTestDatabase(open);

  it("count exactly by product and days, and up to the cap under any other filter, the pile's rule kept", async () => {
    const db = database().db;
    // Kolkata's 2026-06-19 is 06-18 18:30 to 06-19 18:30 UTC.
    await app(db, 1, "draft", new Date(Date.UTC(2026, 5, 18, 18, 29))); // the day before there
    await app(db, 2, "draft", new Date(Date.UTC(2026, 5, 18, 18, 30)));
    await app(db, 3, "draft", new Date(Date.UTC(2026, 5, 19, 18, 29, 59, 999)));
    await app(db, 4, "failed", new Date(Date.UTC(2026, 5, 19, 12)), { productId: "prod_b" });
    await app(db, 5, "failed", hoursAgo(48));
    await app(db, 6, "failed", hoursAgo(48));
    await app(db, 7, "card_issued", hoursAgo(48), { cardholderId: "ch_poisoned" });
    await app(db, 8, "card_issued", hoursAgo(48), { cardholderId: "ch_fine" });
    await db.insert(webhookInbox).values({
      eventId: "evt_counts",
      eventType: "cardholder.updated",
      eventAt: NOW,
      cardholderId: "ch_poisoned",
      body: "x",
      headers: {},
      state: "poisoned",
    });
    const zone = "Asia/Kolkata";
    const day = { from: dayStart("2026-06-19", zone), to: dayEnd("2026-06-19", zone), now: NOW };
    const exact = (counts: Partial<Record<ApplicationState, number>>) => ({ counts, atLeast: {} });
    expect(await countQueueByState(db, day)).toEqual(exact({ draft: 2, failed: 1 }));
    expect(await countQueueByState(db, { ...day, productId: "prod_a" })).toEqual(exact({ draft: 2 }));
    expect(await countQueueByState(db, { now: NOW })).toEqual(exact({ draft: 3, failed: 3, card_issued: 2 }));
    // Capped: nobody holds any of them; three counted up to one are "1+".
    expect(await countQueueByState(db, { now: NOW, assignedTo: null }, 1)).toEqual({
      counts: { draft: 1, failed: 1, card_issued: 1 },
      atLeast: { draft: true, failed: true, card_issued: true },
    });
    expect(await countQueueByState(db, { now: NOW, assignedTo: null }, 10)).toEqual(exact({ draft: 3, failed: 3, card_issued: 2 }));
    expect(await countQueueByState(db, { now: NOW, attention: true })).toEqual(exact({ failed: 3, card_issued: 1 }));
    expect(await countQueueByState(db, { now: NOW, attention: true, productId: "prod_b" })).toEqual(exact({ failed: 1 }));
    // A search: exact while it matches no more than the cap; past it only the total is known, no state counted.
    const search = { now: NOW, search: { kind: "cardholder" as const, value: "ch_poisoned" } };
    expect(await countQueueByState(db, search, 1)).toEqual(exact({ card_issued: 1 }));
    await db
      .update(applications)
      .set({ nameIndex: ["entry"] })
      .where(inArray(applications.id, ["app_counts0000000000000002", "app_counts0000000000000005"]));
    const byName = { now: NOW, search: { kind: "name" as const, entries: ["entry"] } };
    expect(await countQueueByState(db, byName, 1)).toEqual({ counts: {}, atLeast: {}, byState: false, total: 1 });
    expect(await countQueueByState(db, byName, 2)).toEqual(exact({ draft: 1, failed: 1 }));
  });
});
