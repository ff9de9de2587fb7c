import { valueAt } from "@/lib/dotted-paths";
import { countryName } from "@/lib/i18n/countries";
import type { Locale } from "@/lib/i18n/config";
import { formatInternational } from "@/lib/requirements/phone";
import type { PlanField } from "@/lib/requirements/types";

// The combined rows of the check-answers page, written as people write them in each language.

const text = (draft: Record<string, unknown>, path: string) => {
  const value = valueAt(draft, path);
  return value === undefined || value === null ? "" : String(value).trim();
};
// Han, kana and hangul names are written without a space between family and given name.
const CJK = /^[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+$/u;

/**
 * "Ada Lovelace"; in Chinese the family name first ("Lovelace Ada", "李明"). A person with one name has it given as
 * both (the issuer needs two): it is shown once, as the form shows its "I have only one name" box ticked again.
 */
export function fullName(draft: Record<string, unknown>, given: PlanField, family: PlanField, locale: Locale): string {
  const [first, last] = [text(draft, given.path), text(draft, family.path)];
  if (last !== "" && first === last) return last;
  const parts = locale === "zh-CN" ? [last, first] : [first, last];
  const shown = parts.filter(Boolean);
  return shown.join(shown.every((p) => CJK.test(p)) ? "" : " ");
}

/** Calling code and number as one number in international form ("+44 7700 900123"). */
export function phoneNumber(draft: Record<string, unknown>, code: PlanField, number: PlanField): string {
  const [areaCode, mobile] = [text(draft, code.path), text(draft, number.path)];
  return areaCode && mobile ? formatInternational(areaCode, mobile) : areaCode || mobile;
}

/** An address in postal order, one line each: street first in English, country first (largest to smallest) in Chinese. */
export function postalLines(draft: Record<string, unknown>, fields: PlanField[], locale: Locale): string[] {
  const part = (name: string) => {
    const field = fields.find((f) => f.name === name);
    if (!field) return "";
    const value = text(draft, field.path);
    return name === "country" && value ? countryName(value, locale) : value;
  };
  const lines =
    locale === "zh-CN"
      ? [
          part("country"),
          [part("state"), part("city"), part("district")].filter(Boolean).join(" "),
          part("line1"),
          part("line2"),
          part("postcode"),
        ]
      : [
          part("line1"),
          part("line2"),
          part("district"),
          [part("city"), part("state")].filter(Boolean).join(", "),
          part("postcode"),
          part("country"),
        ];
  return lines.filter(Boolean);
}
