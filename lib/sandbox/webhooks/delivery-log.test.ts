import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import type { DbHandle } from "@/lib/db/types";
import type { SandboxConfig } from "@/lib/sandbox/config";
import type { SandboxContext } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { buildEventBody, type SandboxEventType } from "@/lib/sandbox/events";
import { listWebhookDeliveries } from "@/lib/sandbox/handlers/simulate-webhooks";
import { parseJsonObject } from "@/lib/sandbox/http";
import { insertOutboxEvent } from "@/lib/sandbox/store/outbox";
import { dispatchDueWebhooks } from "@/lib/sandbox/webhooks/dispatcher";
import { startReceiver, type TestReceiver } from "@/lib/sandbox/webhooks/test-receiver";

const T0 = new Date("2025-03-01T10:00:00Z");
const config: SandboxConfig = {
  enabled: true,
  apiKey: "k",
  apiSecret: "s",
  webhookSecret: "w",
  webhookUrl: "http://unused",
  approvalDelayMs: 0,
  productsFile: undefined,
  appUrl: "http://localhost",
};

let handle: DbHandle;
let rx: TestReceiver;
beforeAll(async () => {
  handle = await openSandboxDatabase({ kind: "pglite", dataDir: undefined });
  rx = await startReceiver((_hit, i) => (i === 0 ? 502 : 200));
});
afterAll(async () => {
  await rx.close();
  await handle.close();
});

function context(query: Record<string, string> = {}): SandboxContext {
  return {
    db: handle.db,
    config,
    now: T0,
    requestId: "req-1",
    params: {},
    query: new URLSearchParams(query),
    headers: new Headers(),
    rawBody: Buffer.alloc(0),
    json: () => parseJsonObject(Buffer.alloc(0)),
    notify: () => undefined,
  };
}

async function add(type: SandboxEventType, now: Date) {
  const { eventId, body } = buildEventBody(type, {}, now);
  await insertOutboxEvent(handle.db, { eventId, eventType: type, body, now });
  return eventId;
}

type Entry = {
  event_id: string;
  state: string;
  attempts: number;
  last_status: number | null;
  next_attempt_at: string | null;
  attempt_log: unknown[];
};
async function list(query: Record<string, string> = {}): Promise<Entry[]> {
  const result = await listWebhookDeliveries(context(query));
  expect(result.status).toBe(200);
  return (result.body as { success: true; data: Entry[] }).data;
}

describe("GET /sandbox/simulate/webhooks", () => {
  it("lists events newest first with their attempt log, filtered by event_type and limited", async () => {
    const first = await add("cardholder.created", T0);
    await dispatchDueWebhooks({ db: handle.db, now: T0, url: rx.url, secret: "w" }); // 502
    await dispatchDueWebhooks({ db: handle.db, now: new Date(T0.getTime() + 5000), url: rx.url, secret: "w" }); // 200
    const second = await add("cardholder.updated", new Date(T0.getTime() + 10_000));

    const all = await list();
    expect(all.map((e) => e.event_id)).toEqual([second, first]);
    expect(all[1]).toMatchObject({
      event_type: "cardholder.created",
      state: "delivered",
      attempts: 2,
      last_status: 200,
      last_error: null,
      created_at: T0.toISOString(),
      delivered_at: "2025-03-01T10:00:05.000Z",
      next_attempt_at: null,
      attempt_log: [
        { attempt: 1, at: T0.toISOString(), url: rx.url, http_status: 502, ok: false, error: null },
        { attempt: 2, at: "2025-03-01T10:00:05.000Z", url: rx.url, http_status: 200, ok: true, error: null },
      ],
    });
    expect(all[0]).toMatchObject({ state: "pending", attempts: 0, attempt_log: [], next_attempt_at: "2025-03-01T10:00:10.000Z" });

    expect((await list({ event_type: "cardholder.created" })).map((e) => e.event_id)).toEqual([first]);
    expect((await list({ limit: "1" })).map((e) => e.event_id)).toEqual([second]);
  });

  it.each(["0", "501", "abc", "1.5", "-3"])("rejects limit=%s with VALIDATION_ERROR naming the field", async (limit) => {
    const error = await listWebhookDeliveries(context({ limit })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SandboxError);
    expect(error).toMatchObject({ code: "VALIDATION_ERROR", status: 400, fields: { limit: expect.any(String) } });
  });
});
