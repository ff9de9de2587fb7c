import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { PRODUCTS, simplifiedCardholder, standardCardholder } from "@/e2e/fixtures/cardholders";
import type { DbHandle } from "@/lib/db/types";
import { openSandboxDatabase } from "@/lib/sandbox/testing/database";
import { startSandboxServer, type SandboxServer } from "@/lib/sandbox/testing/http-server";
import { data, openApiClient, PDF, PNG, type CallOptions, type OpenApi } from "@/lib/sandbox/testing/open-api-client";

// The sandbox against docs/card-issuing-api.md, section by section, over real loopback HTTP (in process, the
// route table and pipeline of /sandbox/api/open). Part 1: envelope, authentication, idempotency, products,
// balance, cities, files, validate. The parts that need the portal's server stay in e2e/sandbox-conformance-*.

let handle: DbHandle;
let server: SandboxServer;
let api: OpenApi;
beforeAll(async () => {
  handle = await openSandboxDatabase();
  server = await startSandboxServer(handle.db);
  api = openApiClient(server);
});
afterAll(async () => {
  await server?.close();
  await handle?.close();
});

const call = (method: string, path: string, options?: CallOptions) => api.call(method, path, options);
const uploadPng = async (name = "passport.png") =>
  String(data(await call("POST", "/v1/common/files/upload", { multipart: { name, mimeType: "image/png", buffer: PNG } })).file_id);

describe("Sandbox conformance: envelope and authentication", () => {
  test("1. Token: key and secret give a Bearer token for 7200 s; wrong ones are INVALID_CREDENTIALS", async () => {
    const ok = await call("POST", "/v1/auth/token", {
      token: null,
      json: { api_key: "sandbox_key", api_secret: "sandbox_secret" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect(data(ok)).toMatchObject({ token_type: "Bearer", expires_in: 7200, access_token: expect.any(String) });

    const wrong = await call("POST", "/v1/auth/token", {
      token: null,
      json: { api_key: "sandbox_key", api_secret: "nope" },
    });
    expect(wrong).toMatchObject({ status: 401, body: { success: false, code: "INVALID_CREDENTIALS" } });
    const missing = await call("POST", "/v1/auth/token", { token: null, json: {} });
    expect(missing).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_ERROR", fields: { api_key: "is required", api_secret: "is required" } },
    });
  });

  test("Authentication: every other call needs a valid Bearer token (401 UNAUTHORIZED)", async () => {
    expect(await call("GET", "/v1/issuing/products", { token: null })).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED" },
    });
    expect(await call("GET", "/v1/issuing/products", { token: "sbx_forged" })).toMatchObject({
      status: 401,
      body: { code: "UNAUTHORIZED" },
    });
  });

  test("Authentication: X-Request-Id is required on every call (MISSING_REQUEST_ID)", async () => {
    const answer = await call("GET", "/v1/issuing/products", { requestId: null });
    expect(answer).toMatchObject({
      status: 400,
      body: { success: false, code: "MISSING_REQUEST_ID", message: expect.stringContaining("X-Request-Id") },
    });
  });

  test("Authentication: writes are idempotent by X-Request-Id", async () => {
    const requestId = randomUUID();
    const body = simplifiedCardholder();
    const first = await call("POST", "/v2/issuing/cardholders", { requestId, json: body });
    const again = await call("POST", "/v2/issuing/cardholders", { requestId, json: body });
    expect(again).toEqual(first);
    const listed = data(await call("GET", `/v1/issuing/cardholders?email=${encodeURIComponent(String(body.email))}`));
    expect(listed.total).toBe(1);

    const other = await call("POST", "/v2/issuing/cardholders", { requestId, json: { ...body, first_name: "Other" } });
    expect(other).toMatchObject({ status: 409, body: { code: "IDEMPOTENCY_KEY_REUSED" } });
  });

  test("unknown paths and methods answer the error envelope", async () => {
    expect(await call("GET", "/v9/nothing")).toMatchObject({ status: 404, body: { success: false, code: "NOT_FOUND" } });
    expect(await call("PUT", "/v1/issuing/products", { json: {} })).toMatchObject({
      status: 405,
      body: { code: "METHOD_NOT_ALLOWED" },
    });
    const broken = await call("POST", "/v2/issuing/cardholders", {
      headers: { "content-type": "application/json" },
      json: Buffer.from("{not json"),
    });
    expect(broken).toMatchObject({ status: 400, body: { success: false, code: "INVALID_JSON" } });
    const notObject = await call("POST", "/v2/issuing/cardholders", { json: ["a", "list"] });
    expect(notObject).toMatchObject({ status: 400, body: { code: "INVALID_JSON", message: expect.stringContaining("object") } });
  });
});

describe("Sandbox conformance: products, balance, cities", () => {
  test("3. Products: every field of the product table, and a catalog that exercises every rule", async () => {
    const products = (await call("GET", "/v1/issuing/products")).body.data as Array<Record<string, unknown>>;
    const fields = [
      "id",
      "name",
      "status",
      "kyc_level",
      "model_type",
      "card_scheme",
      "country",
      "support_billing_region",
      "support_nationality",
      "sanctioned_nationality",
      "support_area_code",
      "cardholder_required_fields",
      "min_open_card_amount",
      "min_recharge_amount",
      "max_cards_per_cardholder",
    ];
    for (const product of products) for (const field of fields) expect(product, `${product.id}.${field}`).toHaveProperty(field);

    expect(new Set(products.map((p) => p.kyc_level))).toEqual(new Set(["Simplified", "Standard", "Enhanced"]));
    expect(products.some((p) => p.status !== "ENABLED")).toBe(true);
    for (const list of ["support_billing_region", "support_nationality", "sanctioned_nationality", "support_area_code"]) {
      expect(
        products.some((p) => (p[list] as string[]).length > 0),
        list,
      ).toBe(true);
    }
    expect(products.some((p) => typeof p.max_cards_per_cardholder === "number")).toBe(true);
    expect(products.some((p) => Number(p.min_open_card_amount) > 0 && Number(p.min_recharge_amount) > 0)).toBe(true);
    const nestedOptional = products.some((p) =>
      (p.cardholder_required_fields as Array<{ fields?: Array<{ required: boolean }> }>).some((d) => d.fields?.some((f) => !f.required)),
    );
    expect(nestedOptional).toBe(true);
  });

  test("2. Balance: the issuing account's balances per currency as decimal strings", async () => {
    const balance = data(await call("GET", "/v1/account/issuing/balance"));
    expect(balance.account_no).toMatch(/^\d{4}\*+\d{4}$/);
    expect(balance.balances).toContainEqual({
      currency: "USD",
      available_amount: expect.stringMatching(/^\d+\.\d{2}$/),
      frozen_amount: "0.00",
    });
  });

  test("4. Cities: a list per country; the country parameter is required and checked", async () => {
    const cities = (await call("GET", "/v1/common/cities?country=GB")).body.data as Array<Record<string, string>>;
    expect(cities).toContainEqual(expect.objectContaining({ name: "London", state: "England" }));
    expect((await call("GET", "/v1/common/cities?country=IS")).body.data).toEqual([]);
    expect(await call("GET", "/v1/common/cities")).toMatchObject({
      status: 400,
      body: { fields: { country: "is required" } },
    });
    expect(await call("GET", "/v1/common/cities?country=ZZ")).toMatchObject({
      status: 400,
      body: { code: "VALIDATION_ERROR" },
    });
  });
});

describe("Sandbox conformance: files", () => {
  const upload = (name: string, mimeType: string, buffer: Buffer) =>
    call("POST", "/v1/common/files/upload", { multipart: { name, mimeType, buffer } });

  test("5/6. Upload answers file_id, file_name, file_type, size; download returns the same bytes and type", async () => {
    const answer = data(await upload("statement.pdf", "application/pdf", PDF));
    expect(answer).toEqual({
      file_id: expect.stringMatching(/^file_/),
      file_name: "statement.pdf",
      file_type: "application/pdf",
      size: PDF.length,
    });
    const response = await fetch(`${server.baseUrl}/api/open/v1/common/files/${String(answer.file_id)}`, {
      headers: { Authorization: `Bearer ${await api.token()}`, "X-Request-Id": randomUUID() },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await call("GET", "/v1/common/files/file_missing")).toMatchObject({
      status: 404,
      body: { code: "FILE_NOT_FOUND" },
    });
  });

  test("Limits: types by their bytes; empty, oversized, wrong-type and disguised files have distinct codes", async () => {
    expect(data(await upload("scan", "application/octet-stream", PNG)).file_type).toBe("image/png");
    expect(await upload("empty.png", "image/png", Buffer.alloc(0))).toMatchObject({ status: 400, body: { code: "FILE_EMPTY" } });
    const big = Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 1 - PNG.length)]);
    expect(await upload("huge.png", "image/png", big)).toMatchObject({ status: 413, body: { code: "FILE_TOO_LARGE" } });
    expect(await upload("anim.gif", "image/gif", Buffer.from("GIF89a....."))).toMatchObject({
      status: 415,
      body: { code: "FILE_TYPE_NOT_ALLOWED" },
    });
    expect(await upload("photo.png", "image/png", Buffer.from("MZ\x90\x00 fake exe"))).toMatchObject({
      status: 415,
      body: { code: "FILE_CONTENT_MISMATCH" },
    });
  });
});

describe("Sandbox conformance: 7. Validate", () => {
  test("without card_product_id every ENABLED product is checked; MISSING_FIELDS lists required paths only", async () => {
    const answer = data(
      await call("POST", "/v2/issuing/cardholders/validate", {
        json: { first_name: "Ada", last_name: "L", email: "a@example.com" },
      }),
    );
    expect(answer.valid).toBe(false);
    expect(answer.checked_products).toEqual([PRODUCTS.simplified, PRODUCTS.standard, PRODUCTS.enhanced]);
    expect(answer.missing_fields).toEqual(
      expect.arrayContaining(["area_code", "mobile_number", "identity.type", "identity.front_file_id", "billing_address.postcode"]),
    );
    expect(answer.missing_fields).not.toContain("identity.back_file_id");
    expect(answer.missing_fields).not.toContain("delivery_address.city");
  });

  test("COUNTRY_RESTRICTION for billing country, nationality, sanctioned nationality and area code", async () => {
    const fileId = await uploadPng();
    const draft = {
      ...standardCardholder(fileId),
      card_product_id: PRODUCTS.enhanced,
      nationality: "BR",
      area_code: "+55",
      billing_address: { country: "BR" },
    };
    const enhanced = data(await call("POST", "/v2/issuing/cardholders/validate", { json: draft }));
    const restricted = (enhanced.issues as Array<{ type: string; field?: string }>)
      .filter((i) => i.type === "COUNTRY_RESTRICTION")
      .map((i) => i.field);
    expect(restricted).toEqual(["billing_address.country", "nationality", "area_code"]);

    const sanctioned = data(
      await call("POST", "/v2/issuing/cardholders/validate", {
        json: { ...standardCardholder(fileId), nationality: "KP" },
      }),
    );
    expect(sanctioned.issues).toEqual([expect.objectContaining({ type: "COUNTRY_RESTRICTION", field: "nationality", value: "KP" })]);
    expect(data(await call("POST", "/v2/issuing/cardholders/validate", { json: standardCardholder(fileId) })).valid).toBe(true);
  });

  test("cardholder_id takes priority and needs fewer draft fields", async () => {
    const created = data(await call("POST", "/v2/issuing/cardholders", { json: simplifiedCardholder() }));
    const check = data(
      await call("POST", "/v2/issuing/cardholders/validate", {
        json: { card_product_id: PRODUCTS.simplified, cardholder_id: created.id },
      }),
    );
    expect(check).toMatchObject({ valid: true, issues: [], eligible_products: [PRODUCTS.simplified] });
    const unknown = await call("POST", "/v2/issuing/cardholders/validate", { json: { cardholder_id: "ch_nobody" } });
    expect(unknown).toMatchObject({ status: 404, body: { code: "CARDHOLDER_NOT_FOUND" } });
    const disabled = await call("POST", "/v2/issuing/cardholders/validate", {
      json: { card_product_id: PRODUCTS.disabled },
    });
    expect(disabled).toMatchObject({ status: 422, body: { code: "PRODUCT_NOT_ENABLED" } });
  });
});
