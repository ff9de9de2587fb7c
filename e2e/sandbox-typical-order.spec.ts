import { randomUUID } from "node:crypto";
import { expect, test } from "./support/test";
import { PRODUCTS, standardCardholder } from "./fixtures/cardholders";
import { call, data, eventually, OPEN, PNG } from "./support/open-api";
import { expectNoAxeViolations, saveScreenshot } from "./support/a11y";
import { failNext, getDeliveries, verifySignature, type SinkDelivery } from "./support/sink";

// The spec's "Typical order", end to end over HTTP and in the browser, and the webhooks it causes.

type Envelope = { account_no: string; data: Record<string, unknown>; event_id: string; event_type: string; timestamp: string };
const parse = (d: SinkDelivery) => JSON.parse(d.body) as Envelope;

async function deliveriesFor(request: Parameters<typeof getDeliveries>[0], cardholderId: string) {
  return (await getDeliveries(request)).filter((d) => d.status === 200 && JSON.stringify(parse(d).data).includes(cardholderId));
}

test("token, products, upload, validate, create cardholder, KYC link, approve in the browser, SUCCESS, card", async ({
  request,
  page,
}, testInfo) => {
  // 1. token
  const token = data(
    await call(request, "POST", `${OPEN}/v1/auth/token`, { token: null, json: { api_key: "sandbox_key", api_secret: "sandbox_secret" } }),
  );
  expect(token.token_type).toBe("Bearer");
  // 2. products: pick the ENABLED Standard product
  const products = (await call(request, "GET", `${OPEN}/v1/issuing/products`)).body.data as Array<Record<string, unknown>>;
  const product = products.find((p) => p.status === "ENABLED" && p.kyc_level === "Standard");
  expect(product?.id).toBe(PRODUCTS.standard);
  // 3. upload the identity document
  const file = data(
    await call(request, "POST", `${OPEN}/v1/common/files/upload`, {
      multipart: { name: "passport.png", mimeType: "image/png", buffer: PNG },
    }),
  );
  const cardholder = standardCardholder(String(file.file_id));
  // 4. validate before KYC
  expect(data(await call(request, "POST", `${OPEN}/v2/issuing/cardholders/validate`, { json: cardholder }))).toMatchObject({
    valid: true,
    issues: [],
  });
  // 5. create the cardholder with REDIRECT_LINK
  const id = String(data(await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: cardholder })).id);
  // 6. KYC link, and the person approves on the hosted page
  const link = data(await call(request, "POST", `${OPEN}/v1/issuing/cardholders/${id}/kycLink`));
  await page.goto(`${link.url}?return_url=${encodeURIComponent(`${testInfo.project.use.baseURL}/?from=kyc`)}`);
  await expect(page.getByRole("heading", { name: "Verify your identity" })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, testInfo, "sandbox-kyc-page");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/\?from=kyc&kyc=approved$/);
  // 7. wait for the platform approval
  const approved = await eventually(
    async () => data(await call(request, "GET", `${OPEN}/v2/issuing/cardholders/${id}`)),
    (d) => d.status === "SUCCESS",
  );
  expect(approved).toMatchObject({ kyc_status: "VERIFIED" });
  // 8. the card
  const card = data(
    await call(request, "POST", `${OPEN}/v2/issuing/cards`, {
      json: { cardholder_id: id, card_product_id: PRODUCTS.standard, recharge_amount: 10, out_id: randomUUID() },
    }),
  );
  expect(card).toMatchObject({ id: expect.stringMatching(/^card_/), status: "ACTIVE" });

  // Every webhook of this cardholder arrived signed with the webhook secret, in the spec's envelope.
  const delivered = await eventually(
    () => deliveriesFor(request, id),
    (list) => list.some((d) => parse(d).event_type === "cardholder.updated"),
  );
  for (const d of delivered) expect(verifySignature(d.body, d.headers["x-wk-signature"]), d.body).toBe(true);
  const types = delivered.map((d) => parse(d).event_type);
  expect(types).toEqual(expect.arrayContaining(["cardholder.created", "cardholder.kyc.status_changed", "cardholder.updated"]));
  const verified = delivered.map(parse).find((e) => e.event_type === "cardholder.kyc.status_changed" && e.data.kyc_status === "VERIFIED");
  expect(verified).toMatchObject({
    account_no: expect.stringMatching(/^\d{4}\*+\d{4}$/),
    event_id: expect.any(String),
    timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    data: {
      cardholder_id: id,
      status: "PENDING",
      kyc_status: "VERIFIED",
      first_name: "Ada",
      last_name: "Lovelace",
      email: cardholder.email,
      create_time: expect.any(String),
      update_time: expect.any(String),
    },
  });
  const pending = delivered.map(parse).find((e) => e.event_type === "cardholder.kyc.status_changed" && e.data.kyc_status === "PENDING");
  expect(pending?.data).toMatchObject({ kyc_verification_url: link.url, kyc_verification_url_expires_at: link.expires_at });
});

test("card.transaction.authorization carries every field of the spec, amounts as decimal strings", async ({ request }) => {
  const simple = String(
    data(
      await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, {
        json: {
          card_product_id: PRODUCTS.simplified,
          first_name: "Alan",
          last_name: "Turing",
          email: `alan.${randomUUID()}@example.com`,
          area_code: "+44",
          mobile_number: "7700900456",
        },
      }),
    ).id,
  );
  await eventually(
    async () => data(await call(request, "GET", `${OPEN}/v2/issuing/cardholders/${simple}`)),
    (d) => d.status === "SUCCESS",
  );
  const card = String(
    data(
      await call(request, "POST", `${OPEN}/v2/issuing/cards`, {
        json: { cardholder_id: simple, card_product_id: PRODUCTS.simplified, recharge_amount: 50 },
      }),
    ).id,
  );
  const auth = data(
    await call(request, "POST", `/sandbox/simulate/cards/${card}/authorizations`, {
      json: { amount: "12.34", currency: "USD", merchant_name: "Corner Cafe" },
      requestId: null,
    }),
  );
  expect(auth).toMatchObject({ transaction_status: "APPROVED", card_available_balance: "37.66" });

  const event = await eventually(async () => (await getDeliveries(request)).map(parse).find((e) => e.event_id === auth.event_id), Boolean);
  const fields = [
    "authorization_code",
    "billing_amount",
    "billing_currency",
    "card_available_balance",
    "card_id",
    "card_number",
    "cardholder_id",
    "description",
    "fee_pass_through",
    "merchant_data",
    "original_transaction_id",
    "posted_time",
    "short_transaction_id",
    "transaction_amount",
    "transaction_currency",
    "transaction_fee",
    "transaction_fee_currency",
    "transaction_id",
    "transaction_status",
    "transaction_time",
    "transaction_type",
    "wallet_type",
  ];
  expect(Object.keys(event?.data ?? {}).sort()).toEqual(fields.sort());
  expect(event?.data).toMatchObject({
    billing_amount: "12.34",
    transaction_amount: "12.34",
    transaction_fee: "0.00",
    fee_pass_through: "N",
    transaction_type: "AUTHORIZATION",
    card_number: expect.stringMatching(/^\d{6}\*{6}\d{4}$/),
    transaction_time: expect.stringMatching(/[+-]\d{2}:\d{2}$/),
    merchant_data: [
      expect.objectContaining({
        name: "Corner Cafe",
        category_code: expect.any(String),
        city: expect.any(String),
        country: expect.any(String),
      }),
    ],
  });
});

test("webhooks are retried with backoff until the receiver answers 2xx, and every attempt is kept", async ({ request }) => {
  // Only this test's cardholder.created event is refused, twice: other events keep flowing.
  const email = `retry.${randomUUID()}@example.com`;
  await failNext(request, 2, 503, [email, `"event_type":"cardholder.created"`]);
  const id = String(
    data(await call(request, "POST", `${OPEN}/v1/issuing/cardholders`, { json: { first_name: "Retry", last_name: "Case", email } })).id,
  );
  const mine = async () =>
    (await getDeliveries(request)).filter((d) => parse(d).event_type === "cardholder.created" && d.body.includes(id));
  const hits = await eventually(mine, (list) => list.some((d) => d.status === 200), 20_000);
  expect(hits.map((d) => d.status)).toEqual([503, 503, 200]);
  expect(new Set(hits.map((d) => d.body)).size).toBe(1);
  for (const hit of hits) expect(verifySignature(hit.body, hit.headers["x-wk-signature"])).toBe(true);

  const eventId = parse(hits[0] as SinkDelivery).event_id;
  const log = (await call(request, "GET", "/sandbox/simulate/webhooks?event_type=cardholder.created", { requestId: null })).body
    .data as Array<Record<string, unknown>>;
  expect(log.find((e) => e.event_id === eventId)).toMatchObject({
    state: "delivered",
    attempts: 3,
    last_status: 200,
    attempt_log: [
      { http_status: 503, ok: false },
      { http_status: 503, ok: false },
      { http_status: 200, ok: true },
    ],
  });
});
