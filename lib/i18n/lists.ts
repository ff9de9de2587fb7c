import type { Locale } from "@/lib/i18n/config";

// Lists in running text: "A, B and C" in English, "A、B和C" in Chinese (the runtime's ICU rules, not a separator by hand).

type ListType = "conjunction" | "disjunction";
const formats = new Map<string, Intl.ListFormat>();

function listFormat(locale: Locale, type: ListType): Intl.ListFormat {
  const key = `${locale}:${type}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.ListFormat(locale, { type, style: "long" });
    formats.set(key, format);
  }
  return format;
}

export function formatList(locale: Locale, items: readonly string[], type: ListType = "conjunction"): string {
  return listFormat(locale, type).format(items);
}

/** The same list as parts, so that each item can be rendered (e.g. as a link) between the locale's separators. */
export function listParts(locale: Locale, items: readonly string[], type: ListType = "conjunction") {
  let index = 0;
  return listFormat(locale, type)
    .formatToParts(items)
    .map((part) => (part.type === "element" ? { kind: "item" as const, index: index++ } : { kind: "text" as const, text: part.value }));
}
