import { describe, expect, it } from "vitest";
import { answerChecker } from "@/lib/openapi/answer-check";
import { buildDocument } from "@/lib/openapi/document";

// The checker the e2e API tests use: it must find the operation, and fail on an answer the document does not allow.

const checker = answerChecker(JSON.parse(JSON.stringify(buildDocument("http://localhost:3000"))));
const product = {
  id: "prod_x",
  name: "X",
  kycLevel: "Standard",
  cardScheme: "VISA",
  country: "US",
  needsKyc: true,
  needsDocument: true,
  supportBillingRegion: [],
  supportNationality: [],
  sanctionedNationality: [],
  supportAreaCode: [],
  minOpenCardAmount: 10,
  maxCardsPerCardholder: null,
};

describe("answerChecker", () => {
  it("finds literal paths before templated ones", () => {
    expect(checker.templateOf("/api/applications/resume")).toBe("/api/applications/resume");
    expect(checker.templateOf("/api/applications/app_aaaaaaaaaaaaaaaaaaaaaa/draft")).toBe("/api/applications/{id}/draft");
  });

  it("takes an answer that fits and refuses one that does not", () => {
    const ok = checker.problemsOfAnswer("GET", "/api/products", 200, "application/json", { products: [product] });
    expect(ok).toEqual([]);
    const wrongType = checker.problemsOfAnswer("GET", "/api/products", 200, "application/json", {
      products: [{ ...product, needsKyc: "yes" }],
    });
    expect(wrongType.join()).toMatch(/needsKyc/);
    const extra = checker.problemsOfAnswer("GET", "/api/products", 200, "application/json", { products: [{ ...product, secret: 1 }] });
    expect(extra.join()).toMatch(/additional/);
  });

  it("refuses a status, a media type or an error shape the document does not list", () => {
    expect(checker.problemsOfAnswer("GET", "/api/products", 418, "application/json", {}).join()).toMatch(/does not list/);
    expect(checker.problemsOfAnswer("GET", "/api/products", 200, "text/html", "<p>").join()).toMatch(/text\/html/);
    const error = { error: { code: "NOT_A_CODE", message: "x" } };
    expect(checker.problemsOfAnswer("GET", "/api/applications/app_aaaaaaaaaaaaaaaaaaaaaa", 404, "application/json", error)).not.toEqual([]);
  });

  it("checks request bodies", () => {
    expect(checker.problemsOfRequest("POST", "/api/applications", { productId: "prod_x" })).toEqual([]);
    expect(checker.problemsOfRequest("POST", "/api/applications", { productId: 7 })).not.toEqual([]);
  });

  it("checks the described bodies: the correction, the invitation, the key creation and the multipart uploads", () => {
    const correct = "/api/admin/applications/app_aaaaaaaaaaaaaaaaaaaaaa/cardholder";
    // Written as people type them: the route trims and compacts before its checks, and so does the description.
    expect(checker.problemsOfRequest("PUT", correct, { email: " ada@example.com ", mobile_number: "07700 900 123" })).toEqual([]);
    expect(checker.problemsOfRequest("PUT", correct, { email: "not an email" }).join()).toMatch(/email/);
    expect(checker.problemsOfRequest("PUT", correct, { billing_address: { country: "GB" } }).join()).toMatch(/city/);
    const hongKong = { country: "HK", city: "Hong Kong", line1: "1 Queen's Road", postcode: "", line2: " " };
    expect(checker.problemsOfRequest("PUT", correct, { billing_address: hongKong })).toEqual([]);
    expect(
      checker.problemsOfRequest("POST", "/api/admin/invites", { productId: "p", email: "a@example.com", merchantReference: "" }),
    ).toEqual([]);
    expect(
      checker.problemsOfRequest("POST", "/api/admin/invites", { productId: "p", email: "a@example.com", merchantReference: "a b" }),
    ).not.toEqual([]);
    expect(
      checker.problemsOfRequest("POST", "/api/admin/merchant-keys", { name: "CRM", scopes: "applications:read", ratePerMinute: "" }),
    ).toEqual([]);
    expect(checker.problemsOfRequest("POST", "/api/admin/merchant-keys", { name: "CRM", scopes: "x", ratePerMinute: 9000 })).not.toEqual(
      [],
    );
    const upload = "/api/applications/app_aaaaaaaaaaaaaaaaaaaaaa/documents";
    expect(checker.problemsOfRequest("POST", upload, { field: "identity.front_file_id", file: "" }, "multipart/form-data")).toEqual([]);
    expect(checker.problemsOfRequest("POST", upload, { file: "" }, "multipart/form-data").join()).toMatch(/field/);
    expect(checker.problemsOfRequest("POST", upload, { field: "x" }, "multipart/form-data").join()).toMatch(/file/);
    const proof = "/api/admin/applications/app_aaaaaaaaaaaaaaaaaaaaaa/third-party";
    expect(
      checker.problemsOfRequest("POST", proof, { provider: "Acme", referenceId: "REF-0000000001", file: "" }, "multipart/form-data"),
    ).toEqual([]);
    expect(
      checker.problemsOfRequest("POST", proof, { provider: "Acme", referenceId: "short", file: "" }, "multipart/form-data"),
    ).not.toEqual([]);
  });
});
