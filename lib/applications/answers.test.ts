import { describe, expect, it } from "vitest";
import { displayAnswer, formatSize, reviewItems } from "@/lib/applications/answers";
import type { PlanField, PlanGroup } from "@/lib/requirements/types";

const field = (path: string, extra: Partial<PlanField> = {}): PlanField => ({
  path,
  name: path.split(".").pop() ?? path,
  labelKey: `fields.${path}`,
  kind: "text",
  input: "text",
  required: false,
  ...extra,
});
const delivery: PlanGroup = { path: "delivery_address", name: "delivery_address", labelKey: "groups.delivery_address", required: false };
const fields = [
  field("first_name"),
  field("delivery_address.city", { group: "delivery_address" }),
  field("delivery_address.postcode", { group: "delivery_address" }),
];

describe("reviewItems", () => {
  it("collapses an empty optional group to one row and keeps a filled one field by field", () => {
    expect(reviewItems(fields, [delivery], { first_name: "Ada" }).map((i) => i.kind)).toEqual(["field", "group"]);
    expect(reviewItems(fields, [delivery], { delivery_address: { city: "Boston" } }).map((i) => i.kind)).toEqual([
      "field",
      "field",
      "field",
    ]);
  });
});

describe("displayAnswer", () => {
  it("shows countries, options, documents and dates the way a person reads them", () => {
    const docs = [{ fileId: "file_1", fileName: "passport.png", size: 2048 }];
    expect(displayAnswer(field("nationality", { input: "country" }), { nationality: "GB" }, [], "en")).toBe("United Kingdom");
    expect(displayAnswer(field("nationality", { input: "country" }), { nationality: "GB" }, [], "zh-CN")).toBe("英国");
    expect(
      displayAnswer(
        field("gender", { input: "radio", options: [{ value: "2", labelKey: "options.gender.female" }] }),
        { gender: 2 },
        [],
        "en",
      ),
    ).toBe("Female");
    expect(displayAnswer(field("identity.front_file_id", { input: "file" }), { identity: { front_file_id: "file_1" } }, docs, "en")).toBe(
      "passport.png (2 KB)",
    );
    expect(displayAnswer(field("expiry_date", { input: "date" }), { expiry_date: "2031-05-01" }, [], "en")).toBe("May 1, 2031");
    expect(displayAnswer(field("birth_date", { input: "date" }), { birth_date: "1990-05-17" }, [], "en")).toBe("1990-**-**");
    expect(displayAnswer(field("identity.number"), { identity: { number: "P1234567" } }, [], "en")).toBe("****4567");
    expect(displayAnswer(field("first_name"), {}, [], "en")).toBe("");
    expect(formatSize(3 * 1024 * 1024)).toBe("3.0 MB");
  });

  it("shows identity values whole only when asked (the applicant's review before sending)", () => {
    const whole = { whole: true };
    expect(displayAnswer(field("birth_date", { input: "date" }), { birth_date: "1988-12-10" }, [], "en", whole)).toBe("December 10, 1988");
    expect(displayAnswer(field("identity.number"), { identity: { number: "P1234567" } }, [], "en", whole)).toBe("P1234567");
    expect(displayAnswer(field("ssn"), { ssn: "918273645" }, [], "en", whole)).toBe("918273645");
    expect(displayAnswer(field("ssn"), { ssn: "918273645" }, [], "en")).toBe("*****3645");
  });
});

describe("displayAnswer of a mobile number", () => {
  it("reads in international form with its calling code", () => {
    const mobile = field("mobile_number", { kind: "mobile-number", input: "tel" });
    expect(displayAnswer(mobile, { area_code: "+44", mobile_number: "7700900123" }, [], "en")).toBe("+44 7700 900123");
    expect(displayAnswer(mobile, { mobile_number: "7700900123" }, [], "en")).toBe("7700900123");
  });
});
