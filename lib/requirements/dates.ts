import { z } from "zod";
import type { ErrorKey } from "@/lib/requirements/error-keys";

// Dates are calendar days (YYYY-MM-DD) compared in UTC, as the upstream does; `now` is a parameter
// so browser, server and tests agree on "today".

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const MIN_AGE = 18;
export const MAX_AGE = 120;

/** A real calendar date in YYYY-MM-DD (UTC midnight), or undefined. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || !DATE_RE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
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

const key = (k: ErrorKey) => k;

export const dateSchema = z
  .string({ error: key("errors.field.invalid") })
  .trim()
  .refine((v) => parseDate(v) !== undefined, key("errors.field.date"));

/** Adult (18+) and plausible (at most 120 years), never in the future. */
export function birthDateSchema(now: Date) {
  return dateSchema.superRefine((value, ctx) => {
    const date = parseDate(value);
    if (!date) return;
    const problem: ErrorKey | undefined =
      value > todayOf(now)
        ? "errors.field.date_in_future"
        : ageOn(date, now) < MIN_AGE
          ? "errors.field.adult"
          : ageOn(date, now) > MAX_AGE
            ? "errors.field.birth_date_too_old"
            : undefined;
    if (problem) ctx.addIssue({ code: "custom", message: problem, input: value });
  });
}

/** A document's issue date: today at the latest. */
export function issueDateSchema(now: Date) {
  return dateSchema.refine((v) => parseDate(v) === undefined || v <= todayOf(now), key("errors.field.date_in_future"));
}

/** A document's expiry date: after today (the upstream refuses documents expiring today). */
export function expiryDateSchema(now: Date) {
  return dateSchema.refine((v) => parseDate(v) === undefined || v > todayOf(now), key("errors.field.document_expired"));
}
