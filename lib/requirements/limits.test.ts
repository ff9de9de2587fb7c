import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ageOn, parseDate, todayOf } from "@/lib/requirements/dates";
import {
  DEFAULT_ERROR_TEXT,
  ERROR_KEYS,
  addressLineSchema,
  areaCodeSchema,
  birthDateSchema,
  countrySchema,
  dateSchema,
  emailSchema,
  expiryDateSchema,
  fileIdSchema,
  genderSchema,
  identityNumberSchema,
  identityTypeSchema,
  issueDateSchema,
  kycDocumentsSchema,
  kycMethodSchema,
  kycProviderSchema,
  mobileNumberSchema,
  nameSchema,
  postcodeSchema,
  referenceIdSchema,
  ssnSchema,
  unknownTextSchema,
} from "@/lib/requirements/limits";
import { NOW } from "@/lib/requirements/testing/sample-products";

/** The value after parsing, or the first message key. */
const run = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? { ok: r.data } : { error: r.error.issues[0]?.message };
};
const accepts = (schema: z.ZodType, values: unknown[]) => {
  for (const v of values) expect(run(schema, v), JSON.stringify(v)).toHaveProperty("ok");
};
const refuses = (schema: z.ZodType, key: string, values: unknown[]) => {
  for (const v of values) expect(run(schema, v), JSON.stringify(v)).toEqual({ error: key });
};
const x = (n: number, c = "a") => c.repeat(n);

describe("dates", () => {
  it("accepts real calendar dates in YYYY-MM-DD only", () => {
    accepts(dateSchema, ["2024-02-29", "2023-12-31", "1900-01-01"]);
    refuses(dateSchema, "errors.field.date", ["2023-02-29", "2024-13-01", "2024-04-31", "2024/01/01", "20240101", "2024--"]);
    refuses(dateSchema, "errors.field.date_day", ["2024-02-"]);
    refuses(dateSchema, "errors.field.date_month", ["2024--05"]);
    refuses(dateSchema, "errors.field.date_year", ["-02-05", "24-01-01", "2024x-01-01"]);
    refuses(dateSchema, "errors.field.invalid", [20240101]);
    expect(parseDate("2024-02-30")).toBeUndefined();
    expect(todayOf(NOW)).toBe("2026-11-22");
    expect(ageOn(new Date("2008-11-22T00:00:00Z"), NOW)).toBe(18);
    expect(ageOn(new Date("2008-11-23T00:00:00Z"), NOW)).toBe(17);
  });

  it("birth date: 18 on the day, at most 120, never in the future", () => {
    const birth = birthDateSchema(NOW);
    accepts(birth, ["2008-11-22", "1906-11-21", "1905-11-23", "1990-02-28"]);
    refuses(birth, "errors.field.adult", ["2008-11-23", "2026-11-21"]);
    // 121 on 2026-11-22 when born 1905-11-22.
    refuses(birth, "errors.field.birth_date_too_old", ["1905-11-22", "1800-01-01"]);
    refuses(birth, "errors.field.birth_date_in_future", ["2026-11-22", "2026-11-23", "2100-01-01"]);
    refuses(birth, "errors.field.date", ["1990-02-30"]);
  });

  it("identity dates: issued today at the latest, expiring after today", () => {
    accepts(issueDateSchema(NOW), ["2026-11-22", "2000-01-01"]);
    refuses(issueDateSchema(NOW), "errors.field.date_in_future", ["2026-11-23"]);
    accepts(expiryDateSchema(NOW), ["2026-11-23", "2040-01-01"]);
    refuses(expiryDateSchema(NOW), "errors.field.document_expired", ["2026-11-22", "2020-01-01"]);
  });
});

describe("text limits", () => {
  it("names: letters of any script, space ' - . ; at most 50", () => {
    accepts(nameSchema, ["Ada", "José", "Zoë O'Neil", "李小龍", "Jean-Luc", "St. John", "Ólafur", x(50), "Анна", "محمد"]);
    expect(run(nameSchema, "  Ada ")).toEqual({ ok: "Ada" });
    refuses(nameSchema, "errors.field.max_50", [x(51)]);
    refuses(nameSchema, "errors.field.name", ["R2-D2", "Ada1", "-Ada", "'Ada", "Ada_Lovelace", "Ada@home"]);
  });

  it("email: name@domain.tld, at most 254", () => {
    accepts(emailSchema, ["ada@example.com", "a.b+c@sub.example.co.uk", `${x(240)}@example.com`]);
    refuses(emailSchema, "errors.field.email", [
      "ada",
      "ada@",
      "@example.com",
      "ada@example",
      "ada example@x.com",
      "ada@@x.com",
      "ada@x.c",
    ]);
    refuses(emailSchema, "errors.field.max_254", [`${x(243)}@example.com`]);
  });

  it("area code: + and 1 to 4 digits", () => {
    accepts(areaCodeSchema, ["+1", "+44", "+852", "+1234"]);
    refuses(areaCodeSchema, "errors.field.area_code", ["+12345", "44", "+", "+4a", "++44", "0044"]);
  });

  it("mobile number: 4 to 15 digits, spaces and hyphens dropped", () => {
    accepts(mobileNumberSchema, [x(4, "1"), x(15, "9")]);
    expect(run(mobileNumberSchema, "7700 900-123")).toEqual({ ok: "7700900123" });
    // The international form passes this limit; the schema then checks it carries the chosen calling code.
    expect(run(mobileNumberSchema, "+44 7700 900123")).toEqual({ ok: "+447700900123" });
    expect(run(mobileNumberSchema, "(07700) 900-123")).toEqual({ ok: "07700900123" });
    refuses(mobileNumberSchema, "errors.field.mobile_number", [x(3, "1"), x(16, "1"), "++447700900123", "7700a0", "44+7700"]);
  });

  it("postcode: 4 to 10 letters, digits, spaces or hyphens", () => {
    accepts(postcodeSchema, ["1234", "SW1A 2AA", "12345-6789", x(10, "A")]);
    refuses(postcodeSchema, "errors.field.postcode", ["123", x(11, "1"), "AB_12", "SW1A.2AA", "10115!"]);
  });

  it("address lines: letters of any script, digits, space and , . ' / # ( ) - & ; at most 100", () => {
    accepts(addressLineSchema, ["10 Downing St.", "Flat 3/B, O'Neil House (rear) #2 - A & B", "Straße 5", "東京都港区", x(100)]);
    refuses(addressLineSchema, "errors.field.address", ["Flat 1; DROP TABLE", "a@b", "<script>", "50%", "line\nbreak"]);
    refuses(addressLineSchema, "errors.field.max_100", [x(101)]);
  });

  it("ssn: exactly 9 digits, the usual hyphens dropped", () => {
    accepts(ssnSchema, ["123456789"]);
    expect(run(ssnSchema, "123-45-6789")).toEqual({ ok: "123456789" });
    refuses(ssnSchema, "errors.field.ssn", ["12345678", "1234567890", "12345678a"]);
  });

  it("identity number: 4 to 30 letters, digits or hyphens", () => {
    accepts(identityNumberSchema, ["A123", x(30, "Z"), "AB-123-C"]);
    // Printed forms are read: "AB 123" is AB123 (spaces and hyphens dropped, capitals); "A 12" is still too short.
    expect(run(identityNumberSchema, "ab 123")).toEqual({ ok: "AB123" });
    refuses(identityNumberSchema, "errors.field.identity_number", ["A12", "A 12", x(31, "Z"), "AB_123", "Ä1234"]);
  });

  it("file id: no spaces, at most 128", () => {
    accepts(fileIdSchema, ["file_abc", x(128)]);
    refuses(fileIdSchema, "errors.field.file_id", ["file abc", x(129)]);
  });

  it("reference id: 10 to 128 characters; provider at most 64", () => {
    accepts(referenceIdSchema, [x(10), x(128)]);
    refuses(referenceIdSchema, "errors.field.reference_id", [x(9), x(129)]);
    accepts(kycProviderSchema, ["Onfido", x(64)]);
    refuses(kycProviderSchema, "errors.field.max_64", [x(65)]);
  });

  it("unknown descriptors: any text up to 200", () => {
    accepts(unknownTextSchema, ["anything at all: 100%", x(200)]);
    refuses(unknownTextSchema, "errors.field.max_200", [x(201)]);
    refuses(unknownTextSchema, "errors.field.invalid", [12, {}]);
  });
});

describe("choices", () => {
  it("countries: ISO 3166-1 alpha-2, upper-cased", () => {
    accepts(countrySchema, ["GB", "US", "HK"]);
    expect(run(countrySchema, "gb")).toEqual({ ok: "GB" });
    refuses(countrySchema, "errors.field.country", ["XX", "GBR", "UK", "G"]);
  });

  it("identity types and KYC methods", () => {
    accepts(identityTypeSchema, ["ID_CARD", "PASSPORT", "HK_HKID", "DLN"]);
    refuses(identityTypeSchema, "errors.field.identity_type", ["passport", "VISA", 1]);
    accepts(kycMethodSchema, ["REDIRECT_LINK", "THIRD_PARTY"]);
    refuses(kycMethodSchema, "errors.field.kyc_method", ["SELFIE"]);
  });

  it("gender: 0, 1 or 2 as numbers, numeric strings coerced", () => {
    for (const g of [0, 1, 2]) {
      expect(run(genderSchema, g)).toEqual({ ok: g });
      expect(run(genderSchema, String(g))).toEqual({ ok: g });
    }
    refuses(genderSchema, "errors.field.gender", [3, -1, 1.5, "x", "01", "male", null]);
  });

  it("KYC documents: at least one, each with a file id and a report type", () => {
    accepts(kycDocumentsSchema, [[{ file_id: "file_a", report_type: "IDV" }]]);
    refuses(kycDocumentsSchema, "errors.field.required", [[]]);
    expect(run(kycDocumentsSchema, [{ file_id: "file_a" }])).toEqual({ error: "errors.field.required" });
    expect(run(kycDocumentsSchema, [{ file_id: "file_a", report_type: x(33) }])).toEqual({ error: "errors.field.report_type" });
    refuses(kycDocumentsSchema, "errors.field.invalid", ["file_a"]);
  });
});

describe("error keys", () => {
  it("lists every key once, each with English text", () => {
    expect(new Set(ERROR_KEYS).size).toBe(ERROR_KEYS.length);
    for (const key of ERROR_KEYS) {
      expect(key).toMatch(/^errors\.field\.[a-z0-9_]+$/);
      expect(DEFAULT_ERROR_TEXT[key].length).toBeGreaterThan(5);
    }
  });
});
