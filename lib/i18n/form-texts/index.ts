import type { Locale } from "@/lib/i18n/config";
import { dynamicEn } from "@/lib/i18n/form-texts/en";
import { dynamicZhCN } from "@/lib/i18n/form-texts/zh-cn";

// Message keys that arrive as data (plan labels, API errors, failure info) are plain strings,
// so they are looked up here rather than through the typed `createTranslator`.

export { dynamicEn } from "@/lib/i18n/form-texts/en";
export { dynamicZhCN } from "@/lib/i18n/form-texts/zh-cn";

export const dynamicCatalogs: Record<Locale, Readonly<Record<string, string>>> = { en: dynamicEn, "zh-CN": dynamicZhCN };

// Own keys only: a key such as "constructor" must not find Object.prototype's members.
function own(catalog: Readonly<Record<string, string>>, key: string): string | undefined {
  return Object.hasOwn(catalog, key) ? catalog[key] : undefined;
}

/** The locale's text for `key`, else the English one, else `fallback`, else the key itself. */
export function translateKey(locale: Locale, key: string, fallback?: string): string {
  return own(dynamicCatalogs[locale], key) ?? own(dynamicEn, key) ?? fallback ?? key;
}

/** Whether some catalog knows `key` (e.g. to tell a message key from a raw upstream message). */
export function hasMessageKey(key: string): boolean {
  return own(dynamicEn, key) !== undefined;
}
