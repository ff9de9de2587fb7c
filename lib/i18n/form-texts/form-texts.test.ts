import { describe, expect, it } from "vitest";
import { dynamicCatalogs, dynamicEn, dynamicZhCN, hasMessageKey, translateKey } from "@/lib/i18n/form-texts";
import { UNKNOWN_OUTCOME, UPSTREAM_OUTCOMES } from "@/lib/applications/outcomes";
import { DEFAULT_ERROR_TEXT } from "@/lib/requirements/error-keys";
import { DEFAULT_LABEL_TEXT } from "@/lib/requirements/labels";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { CATALOG } from "@/lib/requirements/testing/sample-products";

// zh texts allowed to equal the English one (codes, format strings); none today.
const SAME_IN_BOTH = new Set<string>([]);

const API_KEYS = [
  "errors.field.unknown_step",
  "errors.file.FILE_EMPTY",
  "errors.file.FILE_TOO_LARGE",
  "errors.file.FILE_TYPE_NOT_ALLOWED",
  "errors.file.FILE_CONTENT_MISMATCH",
  "errors.file.unknown_field",
  "errors.file.not_yours",
  "errors.file.no_back_side",
  "errors.file.too_many",
  "errors.file.upload_failed",
  "errors.field.rejected_by_issuer",
  "errors.field.country_not_supported",
  "errors.field.area_code_not_supported",
];

describe("dynamic catalogs", () => {
  it("have the same keys in English and Chinese, each with a non-empty text", () => {
    expect(Object.keys(dynamicZhCN).sort()).toEqual(Object.keys(dynamicEn).sort());
    for (const catalog of Object.values(dynamicCatalogs)) {
      for (const [key, text] of Object.entries(catalog)) expect(text.trim().length > 0, key).toBe(true);
    }
  });

  it("translate every English text (no copy left in the Chinese catalog)", () => {
    for (const [key, en] of Object.entries(dynamicEn)) {
      if (!SAME_IN_BOTH.has(key)) expect(dynamicZhCN[key], key).not.toBe(en);
    }
  });

  it("cover the label, error, API and failure keys", () => {
    const outcomeKeys = [...Object.values(UPSTREAM_OUTCOMES), UNKNOWN_OUTCOME].map((o) => o.messageKey);
    const keys = [...Object.keys(DEFAULT_LABEL_TEXT), ...Object.keys(DEFAULT_ERROR_TEXT), ...API_KEYS, ...outcomeKeys];
    for (const key of keys) expect(hasMessageKey(key), key).toBe(true);
    expect(outcomeKeys).toContain("status.failure.countryRestriction");
  });

  it("cover every key the form plans of the built-in products use", () => {
    const used = new Set<string>();
    for (const product of CATALOG) {
      const plan = buildFormPlan(product);
      for (const group of plan.groups) used.add(group.labelKey);
      for (const field of planFields(plan)) {
        used.add(field.labelKey);
        if (field.hintKey) used.add(field.hintKey);
        for (const option of field.options ?? []) used.add(option.labelKey);
      }
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) {
      expect(Object.hasOwn(dynamicEn, key), key).toBe(true);
      expect(Object.hasOwn(dynamicZhCN, key), key).toBe(true);
    }
  });

  it("state the upload limits in every file error", () => {
    for (const code of ["FILE_EMPTY", "FILE_TOO_LARGE", "FILE_TYPE_NOT_ALLOWED", "FILE_CONTENT_MISMATCH"]) {
      for (const catalog of Object.values(dynamicCatalogs)) expect(catalog[`errors.file.${code}`]).toMatch(/JPG.*PNG.*PDF.*10 MB/);
    }
  });
});

describe("translateKey", () => {
  it("gives the locale's text", () => {
    expect(translateKey("en", "fields.first_name")).toBe("First name");
    expect(translateKey("zh-CN", "fields.first_name")).toBe("名");
    expect(translateKey("zh-CN", "options.identity_type.passport")).toBe("护照");
  });

  it("falls back to English, then the fallback, then the key", () => {
    const original = dynamicCatalogs["zh-CN"];
    const { "fields.email": _email, ...withoutEmail } = original;
    dynamicCatalogs["zh-CN"] = withoutEmail;
    try {
      expect(translateKey("zh-CN", "fields.email")).toBe("Email address");
    } finally {
      dynamicCatalogs["zh-CN"] = original;
    }
    expect(translateKey("zh-CN", "fields.loyalty_number", "Loyalty number")).toBe("Loyalty number");
    expect(translateKey("en", "errors.field.whatever")).toBe("errors.field.whatever");
  });

  it("ignores Object.prototype members", () => {
    expect(translateKey("en", "constructor")).toBe("constructor");
    expect(translateKey("zh-CN", "toString", "x")).toBe("x");
    expect(hasMessageKey("__proto__")).toBe(false);
  });
});
