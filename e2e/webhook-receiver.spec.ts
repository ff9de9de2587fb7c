import { createHmac } from "node:crypto";
import { expect, test } from "./support/test";
import { dataString, sandboxCall } from "./support/sandbox-api";
import { getDeliveries } from "./support/sink";

// POST /api/webhooks/issuer over real HTTP: the contract of docs/contract.md.

const SECRET = "sandbox_webhook_secret";
const sign = (body: string | Buffer) => createHmac("sha256", SECRET).update(body).digest("base64");
const envelope = (id: string, timestamp = `${new Date().toISOString().slice(0, 19)}Z`) =>
  JSON.stringify({
    account_no: "8800****4321",
    data: { cardholder_id: "ch_nobody", status: "PENDING", kyc_status: "PENDING" },
    event_id: id,
    event_type: "cardholder.updated",
    timestamp,
  });

test.describe("webhook receiver", () => {
  test("200 once stored (and for a duplicate), 401 bad or missing signature, 400 not an envelope, 413 over 1 MiB", async ({ request }) => {
    const body = envelope(`evt_${crypto.randomUUID()}`);
    const post = (data: string | Buffer, signature?: string) =>
      request.post("/api/webhooks/issuer", {
        data: Buffer.from(data),
        headers: { "content-type": "application/json", ...(signature ? { "X-Wk-Signature": signature } : {}) },
      });
    expect(await (await post(body, sign(body))).json()).toEqual({ ok: true, duplicate: false });
    expect(await (await post(body, sign(body))).json()).toEqual({ ok: true, duplicate: true });
    expect((await post(body, sign(`${body} `))).status()).toBe(401);
    expect((await post(body)).status()).toBe(401);
    const notJson = "plain text";
    expect((await post(notJson, sign(notJson))).status()).toBe(400);
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const tooBig = await post(big, sign(big));
    expect(tooBig.status()).toBe(413);
    expect(await tooBig.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } });
  });

  test("signed events dated 2001 or 2099 are parked: acknowledged, never applied", async ({ request }) => {
    for (const at of ["2001-01-01T00:00:00Z", "2099-01-01T00:00:00Z"]) {
      const body = envelope(`evt_${crypto.randomUUID()}`, at);
      const answer = await request.post("/api/webhooks/issuer", {
        data: Buffer.from(body),
        headers: { "content-type": "application/json", "x-wk-signature": sign(body) },
      });
      expect(answer.status()).toBe(200);
      expect(await answer.json()).toEqual({ ok: true, duplicate: false, parked: true });
    }
  });

  test("the sandbox's own signed deliveries reach the portal and are accepted", async ({ request }) => {
    const created = await sandboxCall(request, "POST", "/sandbox/api/open/v1/issuing/cardholders", {
      first_name: "Tap",
      last_name: "Test",
      email: `tap.${Date.now()}@example.com`,
    });
    const id = dataString(created, "id");
    await expect
      .poll(async () => (await getDeliveries(request)).some((d) => d.body.includes(id) && d.status === 200), { timeout: 20_000 })
      .toBe(true);
  });
});
