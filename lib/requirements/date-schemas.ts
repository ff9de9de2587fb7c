import { z } from "zod";
import type { ErrorKey } from "@/lib/requirements/error-keys";
import { ageOn, dateProblem, MAX_AGE, MIN_AGE, parseDate, todayOf } from "@/lib/requirements/dates";

// The date rules as zod schemas, apart from the pure helpers so the date boxes do not bring zod to the browser.

const key = (k: ErrorKey) => k;

export const dateSchema = z
  .string({ error: key("errors.field.invalid") })
  .trim()
  .superRefine((value, ctx) => {
    const problem = dateProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem.key, input: value });
  });

/** Adult (18+) and plausible (at most 120 years), never in the future. */
export function birthDateSchema(now: Date) {
  return dateSchema.superRefine((value, ctx) => {
    const date = parseDate(value);
    if (!date) return;
    const problem: ErrorKey | undefined =
      value >= todayOf(now)
        ? "errors.field.birth_date_in_future"
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
