import type { ErrorKey } from "@/lib/requirements/error-keys";

// Pure date helpers, shared by the browser's date boxes and the schemas (lib/requirements/date-schemas.ts, zod).
// Dates are calendar days (YYYY-MM-DD) compared in UTC, as the upstream does; `now` is a parameter
// so browser, server and tests agree on "today".

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const MIN_AGE = 18;
export const MAX_AGE = 120;

export type DatePart = "day" | "month" | "year";

/** A real calendar date in YYYY-MM-DD (UTC midnight), or undefined. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || !DATE_RE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

/** The three parts of a date as typed ("1990-2-" from a form with an empty day); undefined if not that shape. */
export function splitDate(value: string): Record<DatePart, string> | undefined {
  const match = /^([^-]*)-([^-]*)-([^-]*)$/.exec(value);
  return match ? { year: match[1] ?? "", month: match[2] ?? "", day: match[3] ?? "" } : undefined;
}

/** A saved date's boxes as a person types them: "8" and "5", not the stored "08" and "05". */
export function shownParts(value: string): Record<DatePart, string> {
  const parts = splitDate(value) ?? { day: "", month: "", year: "" };
  const unpad = (text: string) => text.replace(/^0(?=\d)/, "");
  return { day: unpad(parts.day), month: unpad(parts.month), year: parts.year };
}

const inRange = (text: string, max: number) => /^\d{1,2}$/.test(text) && Number(text) >= 1 && Number(text) <= max;

/**
 * What is wrong with a typed date, and in which part (GOV.UK's date pattern): a missing part is named,
 * anything else is "not a real date" on the first part that cannot be right. Undefined for a real date.
 */
export function dateProblem(value: string): { key: ErrorKey; part: DatePart } | undefined {
  if (parseDate(value)) return undefined;
  const parts = splitDate(value);
  if (!parts) return { key: "errors.field.date", part: "day" };
  const missing = (["day", "month", "year"] as const).filter((p) => parts[p].trim() === "");
  const [first] = missing;
  if (first && missing.length === 1) return { key: `errors.field.date_${first}`, part: first };
  if (first) return { key: "errors.field.date", part: first };
  if (!/^\d{4}$/.test(parts.year)) return { key: "errors.field.date_year", part: "year" };
  if (!inRange(parts.month, 12)) return { key: "errors.field.date", part: "month" };
  return { key: "errors.field.date", part: "day" };
}

const PART_KEYS = new Set<string>(["errors.field.date", "errors.field.date_day", "errors.field.date_month", "errors.field.date_year"]);

/** The part an error message is about (a missing or impossible part); undefined when it is about the whole date. */
export function dateErrorPart(errorKey: string, value: string): DatePart | undefined {
  return PART_KEYS.has(errorKey) ? dateProblem(value)?.part : undefined;
}

/** Day, month and year typed in three boxes -> the stored form "YYYY-MM-DD" (one-digit day or month padded). */
export function joinDate(parts: Record<DatePart, string>): string {
  const clean = (s: string) => s.replace(/[\s-]/g, "");
  const pad = (s: string) => (/^\d$/.test(s) ? `0${s}` : s);
  const { day, month, year } = { day: clean(parts.day), month: clean(parts.month), year: clean(parts.year) };
  return day === "" && month === "" && year === "" ? "" : `${year}-${pad(month)}-${pad(day)}`;
}

/** Today's date (UTC) as YYYY-MM-DD; YYYY-MM-DD strings compare correctly as strings. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** Whole years between a birth date and `now`, the birthday itself counting. */
export function ageOn(birth: Date, now: Date): number {
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() || (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}
