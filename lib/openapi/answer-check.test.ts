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
});
