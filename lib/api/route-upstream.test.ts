import { describe, expect, it } from "vitest";
import { errorResponse } from "@/lib/api/route";
import { errorOf } from "@/lib/client/api";
import { IssuerError } from "@/lib/issuer/errors";

// An issuer failure reaches staff with what traces it (issue #27, item 2): its code, HTTP status and request id,
// and an unknown cardholder is a refusal in its own words, not "the issuer is not answering".

async function roundTrip(error: IssuerError) {
  const response = errorResponse(error);
  return { status: response.status, api: errorOf(response.status, await response.json(), response.headers.get("retry-after")) };
}

describe("errorResponse for issuer errors", () => {
  it("answers a 404 CARDHOLDER_NOT_FOUND as a refusal naming it, with the status and request id", async () => {
    const { status, api } = await roundTrip(new IssuerError("CARDHOLDER_NOT_FOUND", "No cardholder ch_1.", 404, "req-404"));
    expect(status).toBe(502);
    expect(api.code).toBe("UPSTREAM_ERROR");
    expect(api.message).toContain("CARDHOLDER_NOT_FOUND");
    expect(api.message).not.toMatch(/not answering/);
    expect(api.upstream).toEqual({ code: "CARDHOLDER_NOT_FOUND", status: 404, requestId: "req-404" });
  });

  it("answers a 503 as unavailable, keeping Retry-After, the status and the request id", async () => {
    const { status, api } = await roundTrip(new IssuerError("SERVICE_UNAVAILABLE", "Down.", 503, "req-503"));
    expect(status).toBe(503);
    expect(api).toMatchObject({ code: "UPSTREAM_UNAVAILABLE", retryAfterSeconds: 5 });
    expect(api.upstream).toEqual({ code: "SERVICE_UNAVAILABLE", status: 503, requestId: "req-503" });
  });
});
