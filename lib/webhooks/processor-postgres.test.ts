import { count, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import type { AppDeps } from "@/lib/applications/deps";
import { keyringOf } from "@/lib/crypto/secret-box";
import { cardTransactions, webhookInbox } from "@/lib/db/schema";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { insertInboxEvent } from "@/lib/db/webhook-inbox";
import { createIssuerClient } from "@/lib/issuer/client";
import { processDueWebhooks } from "@/lib/webhooks/processor";
import { authorizationData } from "@/lib/webhooks/test-events";

// Two processors (two pools, as two app instances) drain one inbox on Postgres: each event exactly once.

vi.spyOn(console, "warn").mockImplementation(() => undefined);
const pgUrl = postgresTestUrl();

describe.skipIf(!pgUrl)("webhook processors on Postgres (TEST_DATABASE_URL)", () => {
  const instances = usePostgresInstances();

  const deps = (handle: DbHandle): AppDeps => ({
    db: handle.db,
    // Authorization events never reach the issuer; the client is there only to satisfy the type.
    issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
    now: () => new Date(),
    keys: keyringOf("test data encryption key"),
    kycLinks: { hosts: [], httpOnLoopback: true },
    appUrl: "http://portal.test",
  });

  it("apply each of 1,000 events exactly once", async () => {
    const [a, b] = instances();
    const base = Date.parse("2026-11-22T10:00:00Z");
    for (let i = 0; i < 1000; i++) {
      const data = authorizationData(`txn_${i}`, `card_${i % 7}`);
      const body = JSON.stringify({
        account_no: "8800****4321",
        data,
        event_id: `evt_${i}`,
        event_type: "card.transaction.authorization",
        timestamp: new Date(base + i * 1000).toISOString(),
      });
      await insertInboxEvent(a.db, {
        eventId: `evt_${i}`,
        eventType: "card.transaction.authorization",
        eventAt: new Date(base + i * 1000),
        cardholderId: null,
        body,
        headers: {},
      });
    }
    const drain = async (handle: DbHandle) => {
      let taken = 0;
      for (let n = await processDueWebhooks(deps(handle)); n > 0; n = await processDueWebhooks(deps(handle))) taken += n;
      return taken;
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);
    expect(byA + byB).toBe(1000);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const [applied] = await a.db.select({ n: count() }).from(webhookInbox).where(eq(webhookInbox.state, "applied"));
    const [once] = await a.db.select({ n: count() }).from(webhookInbox).where(eq(webhookInbox.attempts, 1));
    const [rows] = await a.db.select({ n: count() }).from(cardTransactions);
    expect([applied?.n, once?.n, rows?.n]).toEqual([1000, 1000, 1000]);
  });
});
