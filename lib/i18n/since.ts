// "since 17:42": a moment in the reader's own time zone and way of writing times. Only the browser knows both, so
// this runs there (components/apply/since-time.tsx); the page's language decides, the browser's own variant of it
// refines (en-GB writes 17:42 where en-US writes 5:42 PM).

/** The browser's first language of the page's language (its variant, e.g. en-GB for en), else the page's own. */
export function readerLocale(pageLocale: string, browserLanguages: readonly string[]): string {
  const language = pageLocale.split("-")[0]?.toLowerCase();
  const match = browserLanguages.find((l) => l.split("-")[0]?.toLowerCase() === language);
  if (!match) return pageLocale;
  // A bare "zh" must not lose the script the page is written in.
  return pageLocale.includes("-") && !match.includes("-") ? pageLocale : match;
}

const dayOf = (date: Date, timeZone?: string) =>
  new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(date);

/** The time alone when it is today (in `timeZone`, the browser's when omitted), else the date and the time. */
export function formatSince(since: Date, now: Date, locale: string, timeZone?: string): string {
  const today = dayOf(since, timeZone) === dayOf(now, timeZone);
  const options: Intl.DateTimeFormatOptions = today ? { timeStyle: "short" } : { dateStyle: "medium", timeStyle: "short" };
  return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(since);
}
