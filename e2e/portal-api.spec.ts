import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/test";
import { PNG } from "./support/open-api";
import { describedCall, expectDescribed } from "./support/openapi";

// The portal API over real HTTP against the embedded sandbox: cookies, shapes, the whole flow. Every call goes
// through describedCall: its answer must be what the OpenAPI document (/api/openapi.json) says the route answers.

const STANDARD = "prod_travel_standard_usd";
// JSON routes take application/json only, even without answers to send: writes always carry a body.
const api = (request: APIRequestContext, method: string, path: string, data?: unknown) =>
  describedCall(request, method, `/api${path}`, { data });

async function startStandard(request: APIRequestContext) {
  const started = await api(request, "POST", "/applications", { productId: STANDARD });
  expect(started.status()).toBe(201);
  expect(started.headers()["set-cookie"]).toMatch(/ob_app_[^=]+=[A-Za-z0-9_-]{43};.*HttpOnly/i);
  return (await started.json()) as { application: { id: string; state: string }; resumeUrl: string };
}

async function fillStandard(request: APIRequestContext, id: string) {
  const doc = await describedCall(request, "POST", `/api/applications/${id}/documents`, {
    multipart: { field: "identity.front_file_id", file: { name: "passport.png", mimeType: "image/png", buffer: PNG } },
  });
  expect(doc.status(), await doc.text()).toBe(200);
  const steps: Array<[string, Record<string, unknown>]> = [
    ["about-you", { first_name: "Ada", last_name: "Lovelace", birth_date: "1990-05-17", nationality: "GB" }],
    ["contact", { email: `ada.${Date.now()}@example.com`, area_code: "+44", mobile_number: "7700900123" }],
    ["identity-document", { identity: { type: "PASSPORT", number: "P1234567", issue_country: "GB", expiry_date: "2031-05-01" } }],
  ];
  for (const [step, values] of steps) {
    const saved = await api(request, "PUT", `/applications/${id}/draft`, { step, values });
    expect(saved.status(), await saved.text()).toBe(200);
  }
}

test.describe("portal API", () => {
  test("lists the ENABLED products with what each needs", async ({ request }) => {
    const { products } = (await (await api(request, "GET", "/products")).json()) as { products: Array<Record<string, unknown>> };
    expect(products.map((p) => p.id)).toEqual(["prod_virtual_simplified_usd", STANDARD, "prod_premium_enhanced_eur"]);
    expect(products[1]).toMatchObject({ needsKyc: true, needsDocument: true, kycLevel: "Standard" });
  });

  test("a Standard application from start to card issued, with approval on the hosted page", async ({ page }) => {
    // The page's own request context: the API calls and the pages share the browser's binding cookie.
    const request = page.request;
    const { application } = await startStandard(request);
    await fillStandard(request, application.id);
    expect(await (await api(request, "POST", `/applications/${application.id}/validate`)).json()).toEqual({ valid: true, fields: {} });

    const submitted = await (await api(request, "POST", `/applications/${application.id}/submit`)).json();
    expect(submitted.application).toMatchObject({ state: "kyc_pending", kyc: { expired: false }, draft: null });
    // The identity check's link is a bearer link: the API never answers it; the verify page leads there.
    expect(JSON.stringify(submitted)).not.toContain("/sandbox/kyc/");
    await page.goto(`/apply/${application.id}/verify`);
    await page.getByRole("link", { name: "Continue to the identity check" }).click();
    await page.getByRole("button", { name: "Approve" }).click();
    await expect(page).toHaveURL(/\/status\?kyc=approved$/);

    await expect
      .poll(
        async () =>
          ((await (await api(request, "GET", `/applications/${application.id}/status`)).json()) as { application: { state: string } })
            .application.state,
        { timeout: 20_000 },
      )
      .toBe("card_issued");
    const final = (await (await api(request, "GET", `/applications/${application.id}`)).json()) as {
      application: { card: { id: string }; timeline: Array<{ state: string }> };
    };
    expect(final.application.card.id).toMatch(/^card_/);
    expect(final.application.timeline.map((t) => t.state)).toEqual([
      "draft",
      "submitted",
      "kyc_pending",
      "approved",
      "card_issuing",
      "card_issued",
    ]);
  });

  test("another client gets 404; the resume link moves the application there and closes it here (409 APPLICATION_MOVED)", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const { application, resumeUrl } = await startStandard(request);
    const other = await playwright.request.newContext({ baseURL });
    expect((await api(other, "GET", `/applications/${application.id}`)).status()).toBe(404);
    const token = resumeUrl.split("/").pop();
    const resumed = await api(other, "POST", "/applications/resume", { token });
    expect(resumed.status()).toBe(200);
    expect(await resumed.text()).not.toContain("/apply/resume/");
    expect((await api(other, "GET", `/applications/${application.id}`)).status()).toBe(200);
    // The client it moved from is told only that (issue #28), not what it holds.
    const moved = await api(request, "GET", `/applications/${application.id}`);
    expect(moved.status()).toBe(409);
    expect(((await moved.json()) as { error: { code: string } }).error.code).toBe("APPLICATION_MOVED");
    // Single use: the same link cannot bind a third client.
    expect((await api(request, "POST", "/applications/resume", { token })).status()).toBe(404);
    await other.dispose();
  });

  test("bad input gets the error shape and a 4xx, never a 500", async ({ request }) => {
    const { application } = await startStandard(request);
    const id = application.id;
    const cases: Array<[string, string, unknown, number, string]> = [
      ["POST", "/applications", { productId: "prod_corporate_standard_disabled" }, 422, "PRODUCT_UNAVAILABLE"],
      ["POST", "/applications", { nope: true }, 422, "VALIDATION_ERROR"],
      ["GET", "/applications/app_xxxxxxxxxxxxxxxxxxxxxx", undefined, 404, "NOT_FOUND"],
      ["GET", "/applications/not-an-id", undefined, 404, "NOT_FOUND"],
      ["PUT", `/applications/${id}/draft`, { step: "contact", values: { email: "nope", area_code: "44" } }, 422, "VALIDATION_ERROR"],
      ["PUT", `/applications/${id}/draft`, { step: "nowhere", values: {} }, 422, "VALIDATION_ERROR"],
      ["POST", `/applications/${id}/submit`, undefined, 422, "VALIDATION_ERROR"],
      ["POST", `/applications/${id}/kyc-link`, undefined, 409, "INVALID_STATE"],
    ];
    for (const [method, path, data, status, code] of cases) {
      const response = await api(request, method, path, data);
      const body = (await response.json()) as { error: { code: string; message: string; fields?: Record<string, string> } };
      expect(response.status(), `${method} ${path}`).toBe(status);
      expect(body.error.code, `${method} ${path}`).toBe(code);
      expect(body.error.message.length).toBeGreaterThan(0);
    }
    const invalid = (await (
      await api(request, "PUT", `/applications/${id}/draft`, { step: "contact", values: { email: "nope", area_code: "44" } })
    ).json()) as { error: { fields: Record<string, string> } };
    expect(invalid.error.fields).toMatchObject({
      email: expect.stringMatching(/^errors\.field\./),
      area_code: expect.stringMatching(/^errors\.field\./),
    });
    const broken = await request.fetch(`/api/applications`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      data: Buffer.from("{oops"),
    });
    expect(broken.status()).toBe(400);
    expect(await broken.json()).toEqual({ error: { code: "BAD_REQUEST", message: "The body is not valid JSON." } });
    await expectDescribed(request, "POST", broken);
  });

  test("documents are checked before they reach the issuer", async ({ request }) => {
    const { application } = await startStandard(request);
    const send = (name: string, buffer: Buffer, field = "identity.front_file_id") =>
      describedCall(request, "POST", `/api/applications/${application.id}/documents`, {
        multipart: { field, file: { name, mimeType: "image/png", buffer } },
      });
    const disguised = await send("passport.png", Buffer.from("MZ this is an executable"));
    expect(disguised.status()).toBe(422);
    expect(await disguised.json()).toMatchObject({
      error: { code: "DOCUMENT_REJECTED", fields: { "identity.front_file_id": "errors.file.FILE_CONTENT_MISMATCH" } },
    });
    const huge = await send("huge.png", Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024 + 100 * 1024)]));
    expect(huge.status()).toBe(413);
    expect((await send("p.png", PNG, "nationality")).status()).toBe(422);
  });

  test("a country restriction shows on its field when the step is saved, before any KYC", async ({ request }) => {
    const started = (await (await api(request, "POST", "/applications", { productId: "prod_premium_enhanced_eur" })).json()) as {
      application: { id: string };
    };
    const id = started.application.id;
    const saved = await api(request, "PUT", `/applications/${id}/draft`, {
      step: "contact",
      values: { email: "x@example.com", area_code: "+55", mobile_number: "11987654321" },
    });
    expect(saved.status()).toBe(422);
    expect(await saved.json()).toMatchObject({ error: { fields: { area_code: "errors.field.area_code_not_supported" } } });
  });
});
