import { keyOwners, ownerKeyring } from "@/lib/crypto/data-keys";
import { keyringOf, open } from "@/lib/crypto/secret-box";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "@/lib/db/open";
import type { DbHandle } from "@/lib/db/types";
import { findInboxEvent } from "@/lib/db/webhook-inbox";
import { listSignatureFailures } from "@/lib/db/webhook-inspector";
import { MAX_WEBHOOK_BYTES, receiveWebhook, type ReceiveDeps } from "@/lib/webhooks/receive";
import { signatureMatches } from "@/lib/webhooks/signature";
import { SignatureThrottle } from "@/lib/webhooks/signature-throttle";

vi.spyOn(console, "warn").mockImplementation(() => undefined);
vi.spyOn(console, "error").mockImplementation(() => undefined);

const SECRET = "whsec_current";
const PREVIOUS = "whsec_previous";
// Known bytes and secret; the expected value is computed here, independently of lib/webhooks/signature.ts.
const sign = (body: string | Buffer, secret = SECRET) => createHmac("sha256", secret).update(body).digest("base64");
const isoSeconds = (date: Date) => `${date.toISOString().slice(0, 19)}Z`;
const envelope = (eventId: string, extra: Record<string, unknown> = {}, timestamp = isoSeconds(new Date())) =>
  JSON.stringify({
    account_no: "8800****4321",
    data: { cardholder_id: "ch_1", first_name: "Ada", email: "ada@example.com", ...extra },
    event_id: eventId,
    event_type: "cardholder.updated",
    timestamp,
  });

let handle: DbHandle;
let deps: ReceiveDeps;
let wakes = 0;
beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite", dataDir: undefined });
  deps = {
    db: handle.db,
    secrets: [SECRET, PREVIOUS],
    now: () => new Date(),
    notify: () => void (wakes += 1),
    keys: keyringOf("test data encryption key"),
    maxAgeMs: 72 * 3_600_000,
  };
});
afterAll(async () => handle.close());

const post = (body: string | Buffer, headers: Record<string, string> = {}) =>
  receiveWebhook(
    new Request("http://portal.test/api/webhooks/issuer", {
      method: "POST",
      body: new Uint8Array(Buffer.from(body)),
      headers: { "content-type": "application/json", ...headers },
    }),
    deps,
  );

describe("signature", () => {
  it("matches the spec's vector: Base64 HMAC-SHA256 of the raw bytes", () => {
    const body = Buffer.from('{"event_id":"evt_1","amount":"12.34","name":"Zoë"}');
    expect(sign(body, "key")).toBe(createHmac("sha256", "key").update(body).digest().toString("base64"));
    expect(signatureMatches(body, sign(body), [SECRET])).toBe(true);
    expect(signatureMatches(body, sign(body, PREVIOUS), [SECRET, PREVIOUS])).toBe(true);
    expect(signatureMatches(body, sign(body, PREVIOUS), [SECRET, undefined])).toBe(false);
    expect(signatureMatches(Buffer.concat([body, Buffer.from(" ")]), sign(body), [SECRET])).toBe(false);
    expect(signatureMatches(body, ` ${sign(body)}\t`, [SECRET])).toBe(true);
    const good = sign(body);
    // Not the canonical Base64 of the 32 bytes: cut, padded out, URL-safe, with junk inside or after.
    const variants = [
      good.slice(0, -2),
      good.replace(/=$/, ""),
      good.replace(/\+/g, "-").replace(/\//g, "_"),
      `${good.slice(0, 10)}!${good.slice(10)}`,
      `${good}AAAA`,
    ];
    for (const bad of [null, "", "x", "A".repeat(10_000), "A".repeat(43) + "=", ...variants.filter((v) => v !== good)])
      expect(signatureMatches(body, bad, [SECRET])).toBe(false);
  });
});

describe("POST /api/webhooks/issuer", () => {
  it("stores a verified event before answering 200; the header name is case-insensitive", async () => {
    const body = envelope("evt_store");
    const response = await post(body, { "X-WK-Signature": sign(body) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, duplicate: false });
    const stored = await findInboxEvent(handle.db, "evt_store");
    // Sealed at rest, with the cardholder's own data key: events carry names and emails.
    expect(stored?.body.startsWith("v3.")).toBe(true);
    expect(open(stored?.body ?? "", (await ownerKeyring(deps.keys, handle.db, keyOwners.cardholder("ch_1")))!)).toBe(body);
    expect(stored?.body).not.toMatch(/\bAda\b|ada@example\.com/);
    expect(stored).toMatchObject({
      state: "pending",
      cardholderId: "ch_1",
      eventType: "cardholder.updated",
    });
  });

  it("parks signed events dated 2001 or 2099: stored, answered 200, never applied, nobody woken", async () => {
    const before = wakes;
    const cases: Array<[string, string]> = [
      ["evt_2001", "2001-01-01T00:00:00Z"],
      ["evt_2099", "2099-01-01T00:00:00Z"],
      ["evt_6min_ahead", isoSeconds(new Date(Date.now() + 6 * 60_000))],
    ];
    for (const [id, at] of cases) {
      const body = envelope(id, {}, at);
      const response = await post(body, { "x-wk-signature": sign(body) });
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true, duplicate: false, parked: true });
      expect(await findInboxEvent(handle.db, id)).toMatchObject({ state: "parked", lastError: expect.stringMatching(/^parked: dated/) });
    }
    expect(wakes).toBe(before);
    const skewed = envelope("evt_4min_ahead", {}, isoSeconds(new Date(Date.now() + 4 * 60_000)));
    await post(skewed, { "x-wk-signature": sign(skewed) });
    expect(await findInboxEvent(handle.db, "evt_4min_ahead")).toMatchObject({ state: "pending" });
  });

  it("accepts the previous secret during rotation", async () => {
    const body = envelope("evt_previous");
    expect((await post(body, { "x-wk-signature": sign(body, PREVIOUS) })).status).toBe(200);
  });

  it("answers 401 to a bad or missing signature and stores nothing", async () => {
    const body = envelope("evt_forged");
    const bad = await post(body, { "x-wk-signature": sign(body, "guess") });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ error: { code: "INVALID_SIGNATURE" } });
    expect((await post(body)).status).toBe(401);
    expect(await findInboxEvent(handle.db, "evt_forged")).toBeUndefined();
  });

  it("answers 400 to a signed body that is not JSON or not an envelope", async () => {
    // `data` must be an object: an array, null, text or a number is not an event's data.
    const badData = [[], null, "text", 7].map((data, i) => JSON.stringify({ ...JSON.parse(envelope(`evt_bad_data_${i}`)), data }));
    for (const body of ["not json", "[1,2]", JSON.stringify({ event_id: "evt_x" }), ...badData]) {
      const response = await post(body, { "x-wk-signature": sign(body) });
      expect(response.status, body).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "BAD_REQUEST" } });
    }
    for (let i = 0; i < badData.length; i++) expect(await findInboxEvent(handle.db, `evt_bad_data_${i}`)).toBeUndefined();
  });

  it("answers 400 to an event id with a NUL (it would fail the batch it is stored with)", async () => {
    const body = JSON.stringify({
      account_no: "8800",
      data: {},
      event_id: "evt_\u0000x",
      event_type: "t",
      timestamp: isoSeconds(new Date()),
    });
    const response = await post(body, { "x-wk-signature": sign(body) });
    expect(response.status).toBe(400);
  });

  it("answers 503 in the error shape when the event cannot be stored, so that the issuer delivers it again", async () => {
    const body = envelope("evt_store_fails");
    const failing = { ...deps, store: () => Promise.reject(new Error("connection lost")) };
    const response = await receiveWebhook(
      new Request("http://portal.test/api/webhooks/issuer", { method: "POST", body, headers: { "x-wk-signature": sign(body) } }),
      failing,
    );
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ error: { code: "DATABASE_UNAVAILABLE", message: expect.any(String) } });
    expect(await findInboxEvent(handle.db, "evt_store_fails")).toBeUndefined();
  });

  it("answers 413 to 1 MiB + 1 byte, before any signature work", async () => {
    const big = Buffer.alloc(MAX_WEBHOOK_BYTES + 1, 0x20);
    expect((await post(big, { "x-wk-signature": sign(big) })).status).toBe(413);
    // Without Content-Length too: the limit holds while streaming.
    const stream = new ReadableStream({
      start(c) {
        c.enqueue(new Uint8Array(big));
        c.close();
      },
    });
    const request = new Request("http://portal.test/api/webhooks/issuer", {
      method: "POST",
      body: stream,
      duplex: "half",
      headers: { "x-wk-signature": sign(big) },
    } as RequestInit);
    expect((await receiveWebhook(request, deps)).status).toBe(413);
  });

  it("500 copies of one event store it once; every copy is answered 200", async () => {
    const body = envelope("evt_copies");
    const before = wakes;
    const answers = await Promise.all(Array.from({ length: 500 }, () => post(body, { "x-wk-signature": sign(body) })));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const duplicates = await Promise.all(answers.map(async (a) => ((await a.json()) as { duplicate: boolean }).duplicate));
    expect(duplicates.filter((d) => !d)).toHaveLength(1);
    expect(wakes - before).toBe(1);
  });
});

describe("bad signatures from one address", () => {
  it("are refused with 429 past 20 a minute, before any write; the hourly count stays; valid events still pass", async () => {
    const throttled = { ...deps, badSignatures: new SignatureThrottle({ max: 20, windowMs: 60_000 }) };
    const send = (body: string, signature: string) =>
      receiveWebhook(
        new Request("http://portal.test/api/webhooks/issuer", {
          method: "POST",
          body: new Uint8Array(Buffer.from(body)),
          headers: { "content-type": "application/json", "x-wk-signature": signature },
        }),
        throttled,
      );
    const failures = async () =>
      (await listSignatureFailures(handle.db, new Date(Date.now() - 3_600_000))).reduce((s, r) => s + r.failures, 0);
    const before = await failures();
    const body = envelope("evt_flood");
    for (let i = 0; i < 20; i++) expect((await send(body, sign(body, "forged"))).status).toBe(401);
    const refused = await send(body, sign(body, "forged"));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ error: { code: "RATE_LIMITED" } });
    for (let i = 0; i < 50; i++) expect((await send(body, sign(body, "forged"))).status).toBe(429);
    expect(await failures()).toBe(before + 20);
    expect((await send(body, sign(body))).status).toBe(200);
  });

  it("counts per address and starts again after the window", () => {
    const throttle = new SignatureThrottle({ max: 2, windowMs: 1_000 });
    expect([throttle.fail("a", 0), throttle.fail("a", 10), throttle.fail("b", 20)]).toEqual([undefined, undefined, undefined]);
    expect(throttle.fail("a", 500)).toBe(1);
    expect(throttle.fail("a", 1_000)).toBeUndefined();
  });
});
