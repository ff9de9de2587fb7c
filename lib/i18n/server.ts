import "server-only";
import { cookies, headers } from "next/headers";
import { catalogs } from "@/lib/i18n/catalogs";
import { isLocale, LOCALE_COOKIE, negotiateLocale, type Locale } from "@/lib/i18n/config";
import { createTranslator, type Translate } from "@/lib/i18n/translate";
import { dateLocaleOf } from "@/lib/i18n/date-locale";

/** The visitor's language: their explicit choice (cookie) first, then the browser's preference. */
export async function getLocale(): Promise<Locale> {
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return negotiateLocale((await headers()).get("accept-language"));
}

/** The page's language, its translator, and the locale its dates and times are formatted in (lib/i18n/date-locale.ts). */
export async function getTranslator(): Promise<{ locale: Locale; t: Translate; dateLocale: string }> {
  const locale = await getLocale();
  const dateLocale = dateLocaleOf(locale, (await headers()).get("accept-language"));
  return { locale, t: createTranslator(catalogs[locale], locale), dateLocale };
}
