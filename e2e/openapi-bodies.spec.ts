import { checkPage } from "./support/apply";
import { onboardThroughApi, plantedValues } from "./support/onboard-api";
import { PNG } from "./support/open-api";
import { describedCall, describedRefusal } from "./support/openapi";
import { DEMO_ADMIN, staffApi } from "./support/staff";
import { expect, test } from "./support/test";

// Issue #29: the bodies the OpenAPI document once described as "any object" (the correction, the invitation, the key
// creation) and the multipart uploads, now described by the schemas their routes validate with. Each accepted body
// must fit the document (describedCall); each refused one is refused by the document too (describedRefusal), or,
// where the route's rule is beyond JSON Schema (a postcode the country needs, an unknown scope), answered as described.

const TRAVEL = "prod_travel_standard_usd";
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

test.describe("the described request bodies", () => {
  test("key creation, invitations and the merchant API's invitation: accepted and refused as described @phone", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const admin = await staffApi(playwright, baseURL ?? "", DEMO_ADMIN);
    const tag = crypto.randomUUID().slice(0, 8);
    // The admin page's form sends the rate as text, "" for the default: the document says so.
    const made = await describedCall(admin, "POST", "/api/admin/merchant-keys", {
      data: { name: `Described ${tag}`, scopes: "invites:write", ratePerMinute: "" },
    });
    const { key, merchantKey } = (await made.json()) as { key: string; merchantKey: { id: string; ratePerMinute: number } };
    expect(merchantKey.ratePerMinute).toBe(60);
    const rate = await describedRefusal(admin, "POST", "/api/admin/merchant-keys", {
      data: { name: "Too fast", scopes: "invites:write", ratePerMinute: 9000 },
    });
    expect(rate.error.fields).toEqual({ ratePerMinute: "errors.merchant.rate" });
    // An unknown scope is a rule of the route's (the document names the scopes in words): refused, answered as described.
    const scope = await describedCall(admin, "POST", "/api/admin/merchant-keys", { data: { name: "Root", scopes: "admin" } });
    expect(scope.status()).toBe(422);
    expect(await scope.json()).toMatchObject({ error: { fields: { scopes: "errors.merchant.scopes" } } });

    const invited = await describedCall(admin, "POST", "/api/admin/invites", {
      data: { productId: TRAVEL, email: ` invited.${tag}@example.com `, merchantReference: "" },
    });
    expect(await invited.json()).toMatchObject({ url: expect.stringContaining(`product=${TRAVEL}`), qr: expect.any(String) });
    const badEmail = await describedRefusal(admin, "POST", "/api/admin/invites", { data: { productId: TRAVEL, email: "not an email" } });
    expect(badEmail.error.fields).toEqual({ email: "errors.field.email" });
    const noProduct = await describedRefusal(admin, "POST", "/api/admin/invites", { data: { email: `x.${tag}@example.com` } });
    expect(Object.keys(noProduct.error.fields ?? {})).toEqual(["productId"]);

    const bearer = { authorization: `Bearer ${key}` };
    const reference = await describedRefusal(request, "POST", "/api/merchant/v1/invites", {
      data: { productId: TRAVEL, email: `m.${tag}@example.com`, merchantReference: "has spaces inside" },
      headers: bearer,
    });
    expect(reference.error.fields).toEqual({ merchantReference: "errors.merchant.reference" });
    expect((await describedCall(admin, "POST", `/api/admin/merchant-keys/${merchantKey.id}/revoke`)).status()).toBe(200);
    await admin.dispose();
  });

  test("the correction of a cardholder: typed forms accepted, bad fields refused, as described @phone", async ({
    request,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { id } = await onboardThroughApi(request, String(baseURL), plantedValues("BODY"));
    const admin = await staffApi(playwright, baseURL ?? "", DEMO_ADMIN);
    const correct = `/api/admin/applications/${id}/cardholder`;
    // As staff type them: spaces around the address, a phone number with spaces (the route normalises both first).
    const email = `corrected.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const corrected = await describedCall(admin, "PUT", correct, { data: { email: ` ${email} `, mobile_number: "202 555 0188" } });
    expect(await corrected.json()).toEqual({ changed: ["email", "mobile_number"] });
    const bad = await describedRefusal(admin, "PUT", correct, { data: { email: "nope", billing_address: { country: "US" } } });
    expect(bad.error.fields).toMatchObject({ email: "errors.field.email", "billing_address.city": "errors.field.required" });
    // A US address needs its postcode: a rule across fields, beyond the schema (which takes a blank box).
    const address = { country: "US", city: "Boston", line1: "1 Main Street", postcode: " " };
    const postcode = await describedCall(admin, "PUT", correct, { data: { billing_address: address } });
    expect(postcode.status()).toBe(422);
    expect(await postcode.json()).toMatchObject({ error: { fields: { "billing_address.postcode": "errors.field.required" } } });
    await admin.dispose();
  });

  test("the multipart uploads: the parts described, a missing or bad part refused as described @phone", async ({
    request,
    playwright,
    baseURL,
  }) => {
    const started = await describedCall(request, "POST", "/api/applications", { data: { productId: TRAVEL } });
    const id = ((await started.json()) as { application: { id: string } }).application.id;
    const upload = `/api/applications/${id}/documents`;
    const accepted = await describedCall(request, "POST", upload, {
      multipart: { field: "identity.front_file_id", documentType: "PASSPORT", file: png("passport.png") },
    });
    expect(accepted.status()).toBe(200);
    const noField = await describedRefusal(request, "POST", upload, { multipart: { file: png("passport.png") } });
    expect(noField.error.fields).toEqual({ field: "errors.field.required" });

    const admin = await staffApi(playwright, baseURL ?? "", DEMO_ADMIN);
    const proof = `/api/admin/applications/${id}/third-party`;
    const shortReference = await describedRefusal(admin, "POST", proof, {
      multipart: { provider: "Acme Verify", referenceId: "short", file: png("proof.png") },
    });
    expect(shortReference.error.fields).toEqual({ referenceId: "admin.actions.thirdParty.referenceInvalid" });
    // A draft has no cardholder to correct: 409 INVALID_STATE, which the staff actions' descriptions now list.
    const notYet = await describedCall(admin, "PUT", `/api/admin/applications/${id}/cardholder`, { data: { email: "a@example.com" } });
    expect(notYet.status()).toBe(409);
    await admin.dispose();
  });

  test("the reference page shows the bodies: the key's rate as text or number, the upload's parts and limits @phone", async ({
    page,
  }, testInfo) => {
    await page.goto("/docs/api#post-api-admin-merchant-keys");
    const keys = page.locator("#post-api-admin-merchant-keys");
    await expect(keys.getByText("Calls a minute, 1 to 6000 (default 60).")).toBeVisible();
    await expect(keys.getByText("The number as a form's text; empty for the default.")).toBeVisible();
    const upload = page.locator("#post-api-applications-id-documents");
    await expect(upload.getByText("multipart/form-data", { exact: true })).toBeVisible();
    await expect(upload.getByText(/^At most 3 parts and 10551296 bytes in all/)).toBeVisible();
    await upload.scrollIntoViewIfNeeded();
    await checkPage(page, testInfo, "api-reference-bodies");
  });
});
