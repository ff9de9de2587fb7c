import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkFile } from "@/components/ui/dropzone-rules";
import { COUNTRY_CODES } from "@/lib/countries";
import { ACCEPTED_MIME_TYPES, classifyUpload, MAX_DOCUMENT_BYTES } from "@/lib/files/detect";
import { CALLING_CODES } from "@/lib/i18n/calling-codes";
import { eligibilityReasons, isRestrictionKey } from "@/lib/requirements/restrictions";
import { fieldApplies } from "@/lib/requirements/conditions";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { travel } from "@/lib/requirements/testing/sample-products";
import { CATALOG } from "@/lib/requirements/testing/sample-products";
import { parse, valid } from "@/lib/requirements/testing/fixtures";

// The browser's early answers (home page eligibility, the dropzone's checks) and the server's verdicts come
// from one home each; these properties make sure they stay in agreement.

const country = fc.constantFrom(...COUNTRY_CODES);

describe("the home page's eligibility check agrees with the server's validation", () => {
  it("for every catalog product, nationality, residence and calling code", () => {
    const codes = [...new Set(Object.values(CALLING_CODES))];
    fc.assert(
      fc.property(fc.constantFrom(...CATALOG), country, country, fc.constantFrom(...codes), (product, nationality, residence, areaCode) => {
        const asked = (name: string) => product.requiredFields.some((d) => d.name === name);
        const base = valid(product);
        const draft = {
          ...base,
          ...(asked("nationality") ? { nationality } : {}),
          ...(asked("area_code") ? { area_code: areaCode } : {}),
          ...(asked("billing_address") ? { billing_address: { ...(base.billing_address as object), country: residence } } : {}),
        };
        const refused = Object.entries(parse(product, draft).errors ?? {}).flatMap(([path, key]) => (isRestrictionKey(key) ? [path] : []));
        const browser = eligibilityReasons(product, { nationality, residence, areaCode });
        if (asked("nationality")) expect(browser.includes("nationality")).toBe(refused.includes("nationality"));
        if (asked("area_code")) expect(browser.includes("areaCode")).toBe(refused.includes("area_code"));
        if (asked("billing_address")) expect(browser.includes("residence")).toBe(refused.includes("billing_address.country"));
      }),
      { numRuns: 300 },
    );
  });
});

describe("the address boxes the browser shows agree with what the server requires", () => {
  // The Travel card's delivery address: no region rule, so every country can be tried.
  it("for every country: a postcode is asked exactly where a missing one is refused, and state and district where kept", () => {
    const fields = planFields(buildFormPlan(travel())).filter((f) => f.group === "delivery_address");
    const part = (name: string) => fields.find((f) => f.name === name) as (typeof fields)[number];
    for (const code of COUNTRY_CODES) {
      const delivery = { country: code, city: "Town", line1: "1 Road" };
      const values = { delivery_address: delivery };
      const errors = parse(travel(), { ...valid(travel()), delivery_address: delivery }).errors ?? {};
      expect(fieldApplies(part("postcode"), values), code).toBe(errors["delivery_address.postcode"] !== undefined);
      const full = { ...delivery, postcode: "12345", state: "Somewhere", district: "Else" };
      const kept = parse(travel(), { delivery_address: full }, "address");
      const address = (kept.ok as { delivery_address?: Record<string, unknown> } | undefined)?.delivery_address ?? {};
      for (const name of ["state", "district", "postcode"])
        expect(fieldApplies(part(name), values), `${code} ${name}`).toBe(name in address);
    }
  });
});

describe("the dropzone's checks agree with the server's upload rules", () => {
  const magic: Record<(typeof ACCEPTED_MIME_TYPES)[number], number[]> = {
    "image/jpeg": [0xff, 0xd8, 0xff],
    "image/png": [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    "application/pdf": [0x25, 0x50, 0x44, 0x46, 0x2d],
  };
  const ext = { "image/jpeg": "jpg", "image/png": "png", "application/pdf": "pdf" } as const;

  // The browser cannot read the bytes: what it judges is the size and the declared type of a genuine file.
  it("on sizes around the limit and on every accepted type", () => {
    for (const type of ACCEPTED_MIME_TYPES) {
      for (const size of [0, 16, MAX_DOCUMENT_BYTES - 1, MAX_DOCUMENT_BYTES, MAX_DOCUMENT_BYTES + 1]) {
        const bytes = new Uint8Array(size);
        bytes.set(magic[type].slice(0, size));
        const name = `document.${ext[type]}`;
        const browserOk = checkFile({ name, size, type }, MAX_DOCUMENT_BYTES, ACCEPTED_MIME_TYPES) === null;
        const serverOk = classifyUpload(name, bytes, MAX_DOCUMENT_BYTES).ok;
        expect(browserOk, `${type} ${size}`).toBe(serverOk);
      }
    }
    const gif = checkFile({ name: "a.gif", size: 10, type: "image/gif" }, MAX_DOCUMENT_BYTES, ACCEPTED_MIME_TYPES);
    expect(gif).toBe("wrongType");
    expect(classifyUpload("a.gif", new Uint8Array([0x47, 0x49, 0x46, 0x38]), MAX_DOCUMENT_BYTES).ok).toBe(false);
  });
});
