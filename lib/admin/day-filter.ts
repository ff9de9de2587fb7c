import { z } from "zod";
import { PortalError } from "@/lib/errors";

// The staff area's day filters (`from`, `to`: whole UTC days in the URL). Only a real calendar day within a sane
// range reaches a query: 2026-13-45 is no day, and 0000-01-01 or 9999-12-31 are days Postgres or the day after
// cannot hold. A page shows the others as invalid beside their box; an export refuses them (422).

export const FIRST_FILTER_DAY = "2000-01-01";
export const LAST_FILTER_DAY = "2999-12-31";
/** The message key of a refused day (lib/i18n/form-texts), for the field on a page and in an API error. */
export const DAY_FILTER_ERROR = "errors.staff.day_filter";

export function isFilterDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text < FIRST_FILTER_DAY || text > LAST_FILTER_DAY) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
}

/** A `from` or `to` of the URL: a real day in range, otherwise left out (dayFilterErrors says why). */
export const dayParam = z.string().refine(isFilterDay).optional().catch(undefined);

/** The message key of each `from`/`to` that is given but is not a real day in range. */
export function dayFilterErrors(raw: Record<string, unknown>): Partial<Record<"from" | "to", string>> {
  const errors: Partial<Record<"from" | "to", string>> = {};
  for (const name of ["from", "to"] as const) {
    const value = raw[name];
    if (typeof value === "string" && value !== "" && !isFilterDay(value)) errors[name] = DAY_FILTER_ERROR;
  }
  return errors;
}

/** For the CSV exports: the same days refused with 422 VALIDATION_ERROR rather than an empty (or unfiltered) file. */
export function requireFilterDays(params: URLSearchParams): void {
  const fields = dayFilterErrors(Object.fromEntries(params));
  if (Object.keys(fields).length > 0)
    throw new PortalError("VALIDATION_ERROR", `Use real days between ${FIRST_FILTER_DAY} and ${LAST_FILTER_DAY} for from and to.`, fields);
}
