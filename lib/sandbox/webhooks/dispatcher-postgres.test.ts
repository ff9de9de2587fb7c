import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import { postgresTestUrl, usePostgresInstances } from "@/lib/db/testing";
import type { DbHandle } from "@/lib/db/types";
import { buildEventBody } from "@/lib/sandbox/events";
import { sandboxWebhookAttempts, sandboxWebhookOutbox } from "@/lib/sandbox/schema";
import { insertOutboxEvent } from "@/lib/sandbox/store/outbox";
import { dispatchDueWebhooks } from "@/lib/sandbox/webhooks/dispatcher";
import { startReceiver, type TestReceiver } from "@/lib/sandbox/webhooks/test-receiver";

const pgUrl = postgresTestUrl();
const EVENTS = 200;

describe.skipIf(!pgUrl)("dispatchDueWebhooks on Postgres (TEST_DATABASE_URL)", () => {
  // Two pools: two portal instances sharing one database.
  const instances = usePostgresInstances({ open: openSandboxDatabase });
  let rx: TestReceiver;
  beforeAll(async () => void (rx = await startReceiver()));
  afterAll(async () => rx?.close());

  it(`two concurrent dispatchers deliver each of ${EVENTS} events exactly once`, async () => {
    const [a, b] = instances();
    const now = new Date();
    for (let i = 0; i < EVENTS; i++) {
      const { eventId, body } = buildEventBody("cardholder.updated", { n: i }, new Date(now.getTime() + i));
      await insertOutboxEvent(a.db, { eventId, eventType: "cardholder.updated", body, now: new Date(now.getTime() - 1000 + i) });
    }
    // Each dispatcher keeps claiming until nothing is left, like a worker with a backlog.
    const drain = async (handle: DbHandle) => {
      let total = 0;
      for (;;) {
        const n = await dispatchDueWebhooks({ db: handle.db, now: new Date(), url: rx.url, secret: "s" });
        if (n === 0) return total;
        total += n;
      }
    };
    const [byA, byB] = await Promise.all([drain(a), drain(b)]);

    const hits = new Map<string, number>();
    for (const hit of rx.hits) {
      const id = (JSON.parse(hit.body) as { event_id: string }).event_id;
      hits.set(id, (hits.get(id) ?? 0) + 1);
    }
    expect(hits.size).toBe(EVENTS);
    expect([...hits.values()].every((n) => n === 1)).toBe(true);
    expect(byA + byB).toBe(EVENTS);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const [delivered] = await a.db.select({ n: count() }).from(sandboxWebhookOutbox).where(eq(sandboxWebhookOutbox.state, "delivered"));
    const [attempts] = await b.db.select({ n: count() }).from(sandboxWebhookAttempts);
    expect(delivered?.n).toBe(EVENTS);
    expect(attempts?.n).toBe(EVENTS);
  });
});
