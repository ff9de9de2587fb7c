// Locale names only: the catalogs live in lib/i18n/catalogs.ts, so a client component that needs a
// locale never pulls every language's messages into the browser.
export const LOCALES = ["en", "zh-CN"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";
export const LOCALE_COOKIE = "locale";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** Picks the first supported language of an Accept-Language header (zh, zh-CN, zh-Hans all map to zh-CN). */
/** The tags of an Accept-Language header, most wanted first, as sent (case kept); q=0 and empty ones left out. */
export function acceptedTags(acceptLanguage: string | null | undefined): string[] {
  return (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      return { tag: tag.trim(), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((entry) => entry.tag);
}

export function negotiateLocale(acceptLanguage: string | null | undefined): Locale {
  for (const tag of acceptedTags(acceptLanguage).map((t) => t.toLowerCase())) {
    if (tag === "en" || tag.startsWith("en-")) return "en";
    if (tag === "zh" || tag.startsWith("zh-")) return "zh-CN";
  }
  return DEFAULT_LOCALE;
}
