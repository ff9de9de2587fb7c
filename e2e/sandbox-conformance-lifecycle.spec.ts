import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { enhancedCardholder, PRODUCTS, simplifiedCardholder, standardCardholder, thirdPartyProof } from "./fixtures/cardholders";
import { call, data, eventually, OPEN, uploadPng } from "./support/open-api";

// The embedded sandbox against docs/card-issuing-api.md, section by section, over HTTP.
// Part 2: cardholders, KYC, approval, cards, v1, faults.

const createCardholder = async (request: APIRequestContext, body: Record<string, unknown>) =>
  String(data(await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: body })).id);
const detail = async (request: APIRequestContext, id: string) => data(await call(request, "GET", `${OPEN}/v2/issuing/cardholders/${id}`));
const simulate = (request: APIRequestContext, path: string, json: unknown) =>
  call(request, "POST", `/sandbox/simulate${path}`, { json, requestId: null });
const createCard = (request: APIRequestContext, json: Record<string, unknown>) =>
  call(request, "POST", `${OPEN}/v2/issuing/cards`, { json });
const approved = (request: APIRequestContext, id: string) =>
  eventually(
    () => detail(request, id),
    (d) => d.status === "SUCCESS",
  );

test.describe("Sandbox conformance: 8/9. Create cardholder (v2) and detail", () => {
  test("answers ch_...; detail shows status PENDING and kyc_status NOT_STARTED for REDIRECT_LINK", async ({ request }) => {
    const id = await createCardholder(request, standardCardholder(await uploadPng(request)));
    expect(id).toMatch(/^ch_[0-9a-f]{24}$/);
    const d = await detail(request, id);
    expect(d).toMatchObject({ id, status: "PENDING", kyc_status: "NOT_STARTED", kyc_verification: { method: "REDIRECT_LINK" } });
    expect((d.identity as Record<string, string>).number).toBe("****4567");
  });

  test("requires the chosen product's fields and checks identity, files, addresses, ssn and kyc_proof", async ({ request }) => {
    const front = await uploadPng(request);
    const missing = await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, {
      json: { card_product_id: PRODUCTS.standard, first_name: "Ada" },
    });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        code: "VALIDATION_ERROR",
        fields: { last_name: "is required", "identity.type": "is required", "kyc_verification.method": "is required" },
      },
    });

    const idCard = standardCardholder(front, {
      identity: { type: "ID_CARD", number: "X1234", issue_country: "GB", expiry_date: "2030-01-01", front_file_id: "file_nope" },
    });
    const idAnswer = await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: idCard });
    expect(idAnswer.body.fields).toEqual({
      "identity.back_file_id": "is required",
      "identity.front_file_id": "no uploaded file has this id",
    });

    const address = enhancedCardholder(front, front, {
      nationality: "US",
      area_code: "+1",
      billing_address: { country: "US", city: "N;Y", line1: "1 Main St", postcode: "123" },
    });
    const addressAnswer = await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: address });
    expect(Object.keys(addressAnswer.body.fields ?? {}).sort()).toEqual(["billing_address.city", "billing_address.postcode", "ssn"]);

    const shortRef = standardCardholder(front, {
      kyc_verification: {
        method: "THIRD_PARTY",
        kyc_proof: { provider: "Acme", reference_id: "short", documents: [{ file_id: front, report_type: "IDV" }] },
      },
    });
    expect((await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: shortRef })).body.fields).toEqual({
      "kyc_verification.kyc_proof.reference_id": "must be 10 to 128 characters",
    });
  });

  test("a reference_id is globally unique: CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS", async ({ request }) => {
    const front = await uploadPng(request);
    const proof = thirdPartyProof(front);
    await createCardholder(request, standardCardholder(front, { kyc_verification: proof }));
    const again = await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, {
      json: standardCardholder(front, { kyc_verification: proof }),
    });
    expect(again).toMatchObject({ status: 409, body: { code: "CARDHOLDER_KYC_REFERENCE_ALREADY_EXISTS" } });
  });
});

test.describe("Sandbox conformance: 10. KYC link and platform approval", () => {
  test("only REDIRECT_LINK cardholders get links; each call issues a new one valid for 30 minutes", async ({ request, page }) => {
    const front = await uploadPng(request);
    const thirdParty = await createCardholder(request, standardCardholder(front, { kyc_verification: thirdPartyProof(front) }));
    expect(await call(request, "POST", `${OPEN}/v1/issuing/cardholders/${thirdParty}/kycLink`)).toMatchObject({
      status: 422,
      body: { code: "KYC_METHOD_NOT_REDIRECT_LINK" },
    });

    const id = await createCardholder(request, standardCardholder(front));
    const first = data(await call(request, "POST", `${OPEN}/v1/issuing/cardholders/${id}/kycLink`));
    expect(first).toMatchObject({
      url: expect.stringContaining("/sandbox/kyc/"),
      review_status: "init",
      expires_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
    });
    const minutes = (Date.parse(`${String(first.expires_at).replace(" ", "T")}Z`) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(29);
    expect(minutes).toBeLessThanOrEqual(30);
    expect((await detail(request, id)).kyc_verification).toMatchObject({ url: first.url, expires_at: first.expires_at });

    const second = data(await call(request, "POST", `${OPEN}/v1/issuing/cardholders/${id}/kycLink`));
    expect(second.url).not.toBe(first.url);
    await page.goto(String(first.url));
    await expect(page.getByText(/expired/i).first()).toBeVisible();
  });

  test("6. after VERIFIED the platform approves: status SUCCESS after the approval delay", async ({ request }) => {
    const id = await createCardholder(request, standardCardholder(await uploadPng(request)));
    expect(data(await simulate(request, `/cardholders/${id}/kyc`, { kyc_status: "VERIFIED" }))).toMatchObject({
      kyc_status: "VERIFIED",
      status: "PENDING",
    });
    expect(await approved(request, id)).toMatchObject({ status: "SUCCESS", kyc_status: "VERIFIED" });
  });

  test("THIRD_PARTY proofs are verified after the delay; a reference beginning reject_ is REJECTED", async ({ request }) => {
    const front = await uploadPng(request);
    const good = await createCardholder(request, standardCardholder(front, { kyc_verification: thirdPartyProof(front) }));
    const bad = await createCardholder(request, standardCardholder(front, { kyc_verification: thirdPartyProof(front, "reject_") }));
    // Not read as PENDING first: on a loaded machine the approval delay may already be over (the sandbox's unit
    // tests hold the order with a controlled clock).
    expect(await approved(request, good)).toMatchObject({ kyc_status: "VERIFIED" });
    expect(
      await eventually(
        () => detail(request, bad),
        (d) => d.kyc_status !== "PENDING",
      ),
    ).toMatchObject({ kyc_status: "REJECTED", status: "FAILED" });
  });
});

test.describe("Sandbox conformance: 11. Create card (v2)", () => {
  test("the States and transitions rules, in the order a cardholder meets them", async ({ request }) => {
    const front = await uploadPng(request);
    const id = await createCardholder(request, standardCardholder(front));
    const card = { cardholder_id: id, card_product_id: PRODUCTS.standard, recharge_amount: 0 };
    expect(await createCard(request, card)).toMatchObject({ status: 422, body: { code: "CARDHOLDER_KYC_NOT_COMPLETE" } });
    await simulate(request, `/cardholders/${id}/kyc`, { kyc_status: "VERIFIED" });
    expect(await createCard(request, card)).toMatchObject({ status: 422, body: { code: "CARDHOLDER_NOT_APPROVED" } });
    await approved(request, id);
    expect(await createCard(request, { ...card, recharge_amount: 5 })).toMatchObject({
      status: 422,
      body: { code: "RECHARGE_AMOUNT_TOO_LOW" },
    });
    const opened = data(await createCard(request, { ...card, recharge_amount: 25, label: "Travel", out_id: randomUUID() }));
    expect(opened).toMatchObject({ id: expect.stringMatching(/^card_/), status: "ACTIVE" });
    await createCard(request, card);
    await createCard(request, card);
    expect(await createCard(request, card)).toMatchObject({ status: 422, body: { code: "CARD_LIMIT_REACHED" } });
  });

  test("rejected KYC gives CARDHOLDER_KYC_REJECTED; a cardholder created for another product CARDHOLDER_FIELDS_INCOMPLETE", async ({
    request,
  }) => {
    const rejected = await createCardholder(request, standardCardholder(await uploadPng(request)));
    await simulate(request, `/cardholders/${rejected}/kyc`, { kyc_status: "REJECTED" });
    expect(await createCard(request, { cardholder_id: rejected, card_product_id: PRODUCTS.standard, recharge_amount: 0 })).toMatchObject({
      body: { code: "CARDHOLDER_KYC_REJECTED" },
    });

    const simple = await createCardholder(request, simplifiedCardholder());
    await approved(request, simple);
    expect(
      data(await createCard(request, { cardholder_id: simple, card_product_id: PRODUCTS.simplified, recharge_amount: 0 })).status,
    ).toBe("ACTIVE");
    const incomplete = await createCard(request, { cardholder_id: simple, card_product_id: PRODUCTS.standard, recharge_amount: 0 });
    expect(incomplete).toMatchObject({
      status: 422,
      body: { code: "CARDHOLDER_FIELDS_INCOMPLETE", fields: { birth_date: expect.any(String) } },
    });
  });

  test("THIRD_PARTY pending verification: the card waits (WAITING_KYC) and becomes ACTIVE when it passes", async ({ request }) => {
    const front = await uploadPng(request);
    const id = await createCardholder(request, standardCardholder(front, { kyc_verification: thirdPartyProof(front) }));
    const card = data(await createCard(request, { cardholder_id: id, card_product_id: PRODUCTS.standard, recharge_amount: 10 }));
    expect(card.status).toBe("WAITING_KYC");
    const after = await eventually(
      () => detail(request, id),
      (d) => (d.cards as Array<{ status: string }>)[0]?.status !== "WAITING_KYC",
    );
    expect(after).toMatchObject({ status: "SUCCESS", kyc_status: "VERIFIED", cards: [{ id: card.id, status: "ACTIVE" }] });
  });
});

test.describe("Sandbox conformance: 12-15. Cardholder v1", () => {
  test("create, update, list (paged) and detail", async ({ request }) => {
    const body = simplifiedCardholder({ card_product_id: undefined });
    const id = String(data(await call(request, "POST", `${OPEN}/v1/issuing/cardholders`, { json: body })).id);
    const updated = data(
      await call(request, "PUT", `${OPEN}/v1/issuing/cardholders`, {
        json: { cardholder_id: id, mobile_number: "2025550199", delivery_address: { city: "Boston" } },
      }),
    );
    expect(updated).toMatchObject({ id, mobile_number: "2025550199", delivery_address: { city: "Boston" } });
    expect(data(await call(request, "GET", `${OPEN}/v1/issuing/cardholders/${id}`))).toMatchObject({
      id,
      email: body.email,
      first_name: "Grace",
    });
    const page1 = data(await call(request, "GET", `${OPEN}/v1/issuing/cardholders?page=1&page_size=2`));
    expect(page1).toMatchObject({ page: 1, page_size: 2, total: expect.any(Number) });
    expect((page1.items as unknown[]).length).toBe(2);
    expect(await call(request, "GET", `${OPEN}/v1/issuing/cardholders?page_size=500`)).toMatchObject({
      status: 400,
      body: { fields: { page_size: expect.any(String) } },
    });
    expect(await call(request, "PUT", `${OPEN}/v1/issuing/cardholders`, { json: { cardholder_id: id, email: "bad" } })).toMatchObject({
      status: 400,
      body: { fields: { email: expect.any(String) } },
    });
  });
});

test.describe("Sandbox conformance: faults (docs/contract.md)", () => {
  test.afterEach(async ({ request }) => void (await call(request, "PUT", "/sandbox/simulate/faults", { json: {}, requestId: null })));

  test("error_rate fails calls with 503 before doing anything; drop_rate carries writes out but loses the answer", async ({ request }) => {
    await call(request, "PUT", "/sandbox/simulate/faults", { json: { error_rate: 1 }, requestId: null });
    expect(await call(request, "GET", `${OPEN}/v1/issuing/products`)).toMatchObject({ status: 503, body: { code: "SERVICE_UNAVAILABLE" } });
    expect((await call(request, "POST", "/sandbox/simulate/faults", { json: {}, requestId: null })).status).toBe(405);

    await call(request, "PUT", "/sandbox/simulate/faults", { json: { drop_rate: 1 }, requestId: null });
    const requestId = randomUUID();
    const body = simplifiedCardholder();
    expect((await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: body, requestId })).status).toBe(502);
    await call(request, "PUT", "/sandbox/simulate/faults", { json: {}, requestId: null });
    const retried = data(await call(request, "POST", `${OPEN}/v2/issuing/cardholders`, { json: body, requestId }));
    expect(retried.id).toMatch(/^ch_/);
    expect(data(await call(request, "GET", `${OPEN}/v1/issuing/cardholders?email=${encodeURIComponent(String(body.email))}`)).total).toBe(
      1,
    );
  });

  test("latency_ms delays every Open API call; invalid faults are refused", async ({ request }) => {
    await call(request, "PUT", "/sandbox/simulate/faults", { json: { latency_ms: 400 }, requestId: null });
    const started = Date.now();
    await call(request, "GET", `${OPEN}/v1/issuing/products`);
    expect(Date.now() - started).toBeGreaterThanOrEqual(400);
    expect(await call(request, "PUT", "/sandbox/simulate/faults", { json: { error_rate: 2 }, requestId: null })).toMatchObject({
      status: 400,
    });
  });
});
