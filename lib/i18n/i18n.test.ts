import { describe, expect, it } from "vitest";
import { catalogs } from "@/lib/i18n/catalogs";
import { negotiateLocale } from "@/lib/i18n/config";
import { createTranslator } from "@/lib/i18n/translate";

function leaves(node: unknown, prefix = ""): Array<[string, unknown]> {
  if (typeof node !== "object" || node === null) return [[prefix, node]];
  return Object.entries(node).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe("message catalogs", () => {
  it("have the same keys in every language and no empty message", () => {
    const keys = (c: unknown) =>
      leaves(c)
        .map(([k]) => k)
        .sort();
    expect(keys(catalogs["zh-CN"])).toEqual(keys(catalogs.en));
    for (const catalog of Object.values(catalogs)) {
      for (const [key, value] of leaves(catalog)) expect(typeof value === "string" && value.trim().length > 0, key).toBe(true);
    }
  });

  it("translate with placeholders and fall back to the key", () => {
    const t = createTranslator(catalogs.en);
    expect(t("shell.brand")).toBe("Card portal");
    expect(createTranslator({ ...catalogs.en, shell: { ...catalogs.en.shell, brand: "Hi {name}" } })("shell.brand", { name: "Ann" })).toBe(
      "Hi Ann",
    );
  });
});

describe("negotiateLocale", () => {
  it.each([
    [null, "en"],
    ["", "en"],
    ["zh-CN,zh;q=0.9,en;q=0.8", "zh-CN"],
    ["zh-Hans", "zh-CN"],
    ["en-GB,en;q=0.9", "en"],
    ["fr-FR,zh;q=0.5", "zh-CN"],
    ["fr, de", "en"],
    ["zh;q=0, en;q=0.3", "en"],
    ["en;q=0.2, zh;q=0.8", "zh-CN"],
  ])("%s -> %s", (header, expected) => expect(negotiateLocale(header)).toBe(expected));
});
