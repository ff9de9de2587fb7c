import "server-only";
import { dayFilterErrors } from "@/lib/admin/day-filter";
import type { Locale } from "@/lib/i18n/config";
import { translateKey } from "@/lib/i18n/form-texts";

export type DayErrors = { from?: string; to?: string };

/** The message beside each day box the URL filled with something that is not a real day in range (then left out). */
export function dayErrorTexts(raw: Record<string, unknown>, locale: Locale): DayErrors {
  const keys = dayFilterErrors(raw);
  return {
    ...(keys.from ? { from: translateKey(locale, keys.from) } : {}),
    ...(keys.to ? { to: translateKey(locale, keys.to) } : {}),
  };
}
