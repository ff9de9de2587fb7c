import { describe, expect, it } from "vitest";
import { missingMessageKeys } from "@/lib/i18n/key-check";
import { portalSources } from "@/lib/i18n/key-check-files";
import { dynamicEn } from "@/lib/i18n/form-texts";
import { ERROR_KEYS } from "@/lib/requirements/error-keys";

describe("message keys used as data", () => {
  it("all have English and Chinese text (the build runs the same check: scripts/check-messages.ts)", () => {
    const sources = portalSources(process.cwd());
    expect(sources.length).toBeGreaterThan(100);
    expect(missingMessageKeys(sources)).toEqual([]);
  });

  it("are found in plain strings and in template literals of a declared family", () => {
    const file = (text: string) => [{ path: "lib/x.ts", text }];
    expect(missingMessageKeys(file('const a = "errors.field.required";'))).toEqual([]);
    expect(missingMessageKeys(file('setError("x", { message: "errors.field.nope" });'))).toEqual([
      "lib/x.ts: errors.field.nope (missing in en, zh-CN)",
    ]);
    expect(missingMessageKeys(file("const k = `errors.file.${code}`;"))).toEqual([]);
    expect(missingMessageKeys(file("const k = `hints.${name}`;"))[0]).toContain("no declared family");
    // The outbound events' refusals (lib/events/endpoints.ts): every URL problem, and a key no catalog has.
    expect(missingMessageKeys(file("const k = `events.endpoint.url.${checked.problem}`;"))).toEqual([]);
    expect(missingMessageKeys(file('const k = "events.endpoint.nope";'))).toEqual([
      "lib/x.ts: events.endpoint.nope (missing in en, zh-CN)",
    ]);
  });

  it("cover every error the requirements schema can produce", () => {
    for (const key of ERROR_KEYS) expect(Object.hasOwn(dynamicEn, key), key).toBe(true);
    expect(missingMessageKeys(ERROR_KEYS.map((key) => ({ path: "error-keys", text: `"${key}"` })))).toEqual([]);
  });
});
