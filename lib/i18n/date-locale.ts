import { acceptedTags, type Locale } from "@/lib/i18n/config";

// Dates and times read the way the person's browser asks: a UK browser's English is "17 May 1990", not the US
// "May 17, 1990". The page's language stays one of the portal's; only the region of its dates follows the browser.

/** The first tag of Accept-Language in the page's language that Intl supports, else the page's language itself. */
export function dateLocaleOf(locale: Locale, acceptLanguage: string | null | undefined): string {
  const language = locale.split("-")[0] ?? locale;
  const tags = acceptedTags(acceptLanguage).filter((tag) => tag.toLowerCase().startsWith(`${language}-`));
  for (const tag of tags) {
    try {
      const [supported] = Intl.DateTimeFormat.supportedLocalesOf(tag);
      if (supported) return supported;
    } catch {
      // not a well-formed tag: the next one
    }
  }
  return locale;
}
