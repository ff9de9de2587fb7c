import { describe, expect, it } from "vitest";
import { parseLinkTime } from "@/lib/applications/kyc";
import { issuesToFields } from "@/lib/applications/prevalidate";
import { stageOf } from "@/lib/applications/stages";

describe("issuesToFields", () => {
  it("puts MISSING_FIELDS and COUNTRY_RESTRICTION issues on their field paths as message keys", () => {
    expect(
      issuesToFields([
        { type: "MISSING_FIELDS", missingFields: ["identity.back_file_id", "ssn"], message: "2 missing" },
        { type: "COUNTRY_RESTRICTION", field: "nationality", value: "KP", message: "not eligible" },
        { type: "COUNTRY_RESTRICTION", field: "area_code", value: "+55", message: "not supported" },
        { type: "COUNTRY_RESTRICTION", message: "no field named" },
      ]),
    ).toEqual({
      "identity.back_file_id": "errors.field.required",
      ssn: "errors.field.required",
      nationality: "errors.field.country_not_supported",
      area_code: "errors.field.area_code_not_supported",
    });
  });
});

describe("stageOf", () => {
  it.each([
    [{ state: "draft", kycMethod: "REDIRECT_LINK", upstreamKycStatus: null }, "draft"],
    [{ state: "submitted", kycMethod: "REDIRECT_LINK", upstreamKycStatus: null }, "submitted"],
    [{ state: "submitted", kycMethod: null, upstreamKycStatus: null }, "approving"],
    [{ state: "kyc_pending", kycMethod: "REDIRECT_LINK", upstreamKycStatus: "PENDING" }, "verifying"],
    [{ state: "kyc_pending", kycMethod: "REDIRECT_LINK", upstreamKycStatus: "VERIFIED" }, "approving"],
    [{ state: "approved", kycMethod: "REDIRECT_LINK", upstreamKycStatus: "VERIFIED" }, "issuing"],
    [{ state: "card_issuing", kycMethod: null, upstreamKycStatus: null }, "issuing"],
    [{ state: "card_issued", kycMethod: null, upstreamKycStatus: null }, "issued"],
    [{ state: "kyc_rejected", kycMethod: "REDIRECT_LINK", upstreamKycStatus: "REJECTED" }, "rejected"],
    [{ state: "failed", kycMethod: null, upstreamKycStatus: null }, "failed"],
  ] as const)("%o -> %s", (app, stage) => expect(stageOf(app)).toBe(stage));
});

describe("parseLinkTime", () => {
  it("reads the spec's YYYY-MM-DD HH:MM:SS as UTC and refuses garbage", () => {
    expect(parseLinkTime("2026-11-22 10:30:00")?.toISOString()).toBe("2026-11-22T10:30:00.000Z");
    expect(parseLinkTime("2026-11-22T10:30:00+02:00")?.toISOString()).toBe("2026-11-22T08:30:00.000Z");
    expect(parseLinkTime("soon")).toBeUndefined();
  });
});
