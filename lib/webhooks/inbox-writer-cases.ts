import { and, count, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { AppDeps } from "@/lib/applications/deps";
import { keyringOf, open } from "@/lib/crypto/secret-box";
import { cardTransactions, webhookInbox } from "@/lib/db/schema";
import type { Database, DbHandle } from "@/lib/db/types";
import { findInboxEvent } from "@/lib/db/webhook-inbox";
import { readingKeyring } from "@/lib/crypto/data-keys";
import { eventKeyOwner, type InboxSubmission } from "@/lib/webhooks/inbox-seal";
import { createIssuerClient } from "@/lib/issuer/client";
import { inboxWriter } from "@/lib/webhooks/inbox-writer";
import { processDueWebhooks } from "@/lib/webhooks/processor";
import { authorizationData } from "@/lib/webhooks/test-events";

// The group-commit writer of the inbox, the same cases on PGlite (inbox-writer.test.ts) and on Postgres
// (inbox-writer-postgres.test.ts): batches, duplicates, failing batches, and exactly-once processing after it.

const run = crypto.randomUUID().slice(0, 8);
const id = (name: string) => `evt_${run}_${name}`;

const keys = keyringOf("test data encryption key");

/** An authorization event as the receiver hands it to the writer (the body still clear; the writer seals it). */
function row(name: string, extra: Partial<InboxSubmission["row"]> = {}): InboxSubmission {
  const data = authorizationData(`txn_${run}_${name}`, "card_1");
  const at = new Date();
  const event = { account_no: "8800", data, event_id: id(name), event_type: "card.transaction.authorization", timestamp: at.toISOString() };
  return {
    row: { eventId: id(name), eventType: "card.transaction.authorization", eventAt: at, cardholderId: null, headers: {}, ...extra },
    text: JSON.stringify(event),
    event,
    keyOwner: eventKeyOwner(event),
    keys,
  };
}

/** The same database, counting the statements the writer issues through it (it gets a writer of its own). */
function countingStatements(db: Database) {
  const counter = { statements: 0 };
  const counted = new Proxy(db, {
    get: (target, key, receiver) => {
      const value = Reflect.get(target, key, receiver) as unknown;
      if (key !== "execute" || typeof value !== "function") return value;
      return (...args: unknown[]) => {
        counter.statements += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { db: counted, counter };
}

const appDeps = (db: Database): AppDeps => ({
  db,
  // Authorization events never reach the issuer; the client is there only to satisfy the type.
  issuer: createIssuerClient({ baseUrl: "http://127.0.0.1:9", apiKey: "k", apiSecret: "s" }),
  now: () => new Date(),
  keys,
  kycLinks: { hosts: [], httpOnLoopback: true },
  appUrl: "http://portal.test",
});

export function inboxWriterCases(handle: () => DbHandle) {
  it("stores concurrent events in one statement and answers each caller for its own row", async () => {
    const { db, counter } = countingStatements(handle().db);
    const names = Array.from({ length: 60 }, (_, i) => `batch_${i}`);
    const answers = await Promise.all(names.map((name) => inboxWriter(db).submit(row(name))));
    expect(answers.every(Boolean)).toBe(true);
    expect(counter.statements).toBe(1);
    const stored = await handle()
      .db.select({ n: count() })
      .from(webhookInbox)
      .where(inArray(webhookInbox.eventId, names.map(id)));
    expect(stored[0]?.n).toBe(60);
  });

  it("stores every field as given and the table's defaults for the fields left out", async () => {
    const at = new Date("2026-11-24T10:00:00.123Z");
    const given = row("fields", {
      eventAt: at,
      cardholderId: "ch_fields",
      headers: { "user-agent": 'issuer/1.0 "quoted" é', "x-request-id": "r-1" },
      state: "parked",
      lastError: "parked: dated more than 72 hours ago",
      receivedAt: at,
      nextAttemptAt: new Date(at.getTime() + 1000),
    });
    expect(await inboxWriter(handle().db).submit(given)).toBe(true);
    const fields = await findInboxEvent(handle().db, id("fields"));
    expect(fields).toEqual({
      ...given.row,
      body: expect.stringMatching(/^v3\./),
      attempts: 0,
      duplicates: 0,
      leaseUntil: null,
      processedAt: null,
    });
    // Sealed with the data key of the event's card (it names no cardholder), byte for byte as received.
    expect(open(fields?.body ?? "", await readingKeyring(keys, handle().db, [fields?.body]))).toBe(given.text);
    const before = Date.now();
    const bare = row("defaults"); // no state, times or error: the table fills them in
    expect(await inboxWriter(handle().db).submit(bare)).toBe(true);
    const stored = await findInboxEvent(handle().db, id("defaults"));
    expect(stored).toMatchObject({ state: "pending", attempts: 0, duplicates: 0, lastError: null, leaseUntil: null });
    // now() of the database: the clocks of the test and the database may differ by a little.
    expect(Math.abs((stored?.receivedAt.getTime() ?? 0) - before)).toBeLessThan(60_000);
    expect(stored?.nextAttemptAt).toEqual(stored?.receivedAt);
  });

  it("copies inside one batch: the first stores, the others answer duplicate and are counted", async () => {
    const writer = inboxWriter(handle().db);
    const answers = await Promise.all([row("in_a"), row("in_b"), row("in_a"), row("in_c"), row("in_a")].map((r) => writer.submit(r)));
    expect(answers).toEqual([true, true, false, true, false]);
    expect(await findInboxEvent(handle().db, id("in_a"))).toMatchObject({ duplicates: 2, state: "pending" });
    expect(await findInboxEvent(handle().db, id("in_b"))).toMatchObject({ duplicates: 0 });
  });

  it("copies across batches: a stored event answers duplicate and only its count changes", async () => {
    const writer = inboxWriter(handle().db);
    expect(await writer.submit(row("across"))).toBe(true);
    const before = await findInboxEvent(handle().db, id("across"));
    const answers = await Promise.all(
      [row("across_new"), row("across", { eventType: "changed" }), row("across")].map((r) => writer.submit(r)),
    );
    expect(answers).toEqual([true, false, false]);
    const after = await findInboxEvent(handle().db, id("across"));
    expect(after).toEqual({ ...before, duplicates: 2 });
  });

  it("a failing batch answers every waiter with an error and stores none of its rows", async () => {
    const writer = inboxWriter(handle().db);
    // Postgres text cannot hold NUL: the one statement of this batch fails as a whole.
    const batch = [row("fail_1"), row("fail_bad", { eventType: "bad\u0000type" }), row("fail_2")];
    const settled = await Promise.allSettled(batch.map((r) => writer.submit(r)));
    expect(settled.map((s) => s.status)).toEqual(["rejected", "rejected", "rejected"]);
    for (const name of ["fail_1", "fail_bad", "fail_2"]) expect(await findInboxEvent(handle().db, id(name))).toBeUndefined();
    // The writer goes on: the redelivery is stored.
    expect(await Promise.all([writer.submit(row("fail_1")), writer.submit(row("fail_2"))])).toEqual([true, true]);
  });

  it("events stored in batches while the processor runs are each applied exactly once", async () => {
    const db = handle().db;
    const names = Array.from({ length: 60 }, (_, i) => `once_${i}`);
    let receiving = true;
    const processing = (async () => {
      let taken = 0;
      while (receiving) {
        taken += await processDueWebhooks(appDeps(db));
        // PGlite answers without a macrotask turn: let the writer's timers run, as the worker loop does.
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (let n = await processDueWebhooks(appDeps(db)); n > 0; n = await processDueWebhooks(appDeps(db))) taken += n;
      return taken;
    })();
    // Every event twice, in waves, so that copies meet in one batch and across batches.
    for (let wave = 0; wave < 5; wave++) {
      const slice = names.slice(wave * 12, wave * 12 + 12);
      await Promise.all([...slice, ...slice].map((name) => inboxWriter(db).submit(row(name))));
    }
    receiving = false;
    await processing;
    const ids = names.map(id);
    const [applied] = await db
      .select({ n: count() })
      .from(webhookInbox)
      .where(and(inArray(webhookInbox.eventId, ids), eq(webhookInbox.state, "applied"), eq(webhookInbox.attempts, 1)));
    const [rows] = await db.select({ n: count() }).from(cardTransactions).where(inArray(cardTransactions.eventId, ids));
    expect([applied?.n, rows?.n]).toEqual([60, 60]);
  });
}
