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

  it("pick the plural form the language's rules give, the number written with its separators", () => {
    const text = "{count, plural, =0 {No attempt} one {# attempt} other {# attempts}} for {name}";
    const en = createTranslator({ ...catalogs.en, shell: { ...catalogs.en.shell, brand: text } });
    expect(en("shell.brand", { count: 0, name: "Ann" })).toBe("No attempt for Ann");
    expect(en("shell.brand", { count: 1, name: "Ann" })).toBe("1 attempt for Ann");
    expect(en("shell.brand", { count: 1508, name: "Ann" })).toBe("1,508 attempts for Ann");
    const zh = createTranslator(
      { ...catalogs["zh-CN"], shell: { ...catalogs["zh-CN"].shell, brand: "{count, plural, other {# 次尝试}}" } },
      "zh-CN",
    );
    expect(zh("shell.brand", { count: 1 })).toBe("1 次尝试");
    // A form holding a placeholder of its own; a value that is not a number leaves the text as written.
    const group = "{count, plural, one {# {type} event} other {# {type} events}}";
    const g = createTranslator({ ...catalogs.en, shell: { ...catalogs.en.shell, brand: group } });
    expect(g("shell.brand", { count: 1, type: "issuing.authorization" })).toBe("1 issuing.authorization event");
    expect(g("shell.brand", { count: 2, type: "x" })).toBe("2 x events");
    expect(g("shell.brand", { count: "1,508", type: "x" })).toBe("1,508 x events");
    expect(g("shell.brand", { type: "x" })).toBe(group.replace(/\{type\}/g, "x"));
  });

  it('write every English count in a plural form: no "{count} things" that could read "1 things"', () => {
    for (const [key, value] of leaves(catalogs.en)) {
      expect(String(value), key).not.toMatch(/\{(count|hours|minutes|days|limit|max|total|seen)\} (\{\w+\} )?(?!vs\b)[a-z]+s\b/);
    }
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
