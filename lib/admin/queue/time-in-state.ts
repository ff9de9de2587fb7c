// How long an application has been in its state, in the one largest unit that reads well ("3 days", "5 hours"):
// the queue's "time in state" column. Pure: the page formats the unit in the reader's language.

export type Span = { unit: "minute" | "hour" | "day"; value: number };

export function spanOf(since: Date, now: Date): Span {
  const minutes = Math.max(0, Math.floor((now.getTime() - since.getTime()) / 60_000));
  if (minutes < 60) return { unit: "minute", value: minutes };
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? { unit: "hour", value: hours } : { unit: "day", value: Math.floor(hours / 24) };
}

/** "3 days" in the reader's language (Intl picks the plural form). */
export const formatSpan = (span: Span, locale: string) =>
  new Intl.NumberFormat(locale, { style: "unit", unit: span.unit, unitDisplay: "long" }).format(span.value);
