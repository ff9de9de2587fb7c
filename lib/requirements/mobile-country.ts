import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { CALLING_CODES, MAIN_COUNTRIES } from "@/lib/i18n/calling-codes";

// The issuer's mobile_country (spec: "country code" of the mobile number) is not asked: the person already chose the
// calling code and typed the number, and the country follows from them. Where a code is shared (+44: GB, GG, IM, JE)
// the number's own prefix decides when the metadata can tell, else the nationality, else the code's main country.

/** The ISO country of a mobile number, or undefined when the calling code is not a country's. */
export function mobileCountryOf(areaCode: string, mobile: string, nationality?: string): string | undefined {
  const code = /^\+(\d{1,4})$/.exec(areaCode.trim())?.[1];
  if (!code) return undefined;
  const sharing = Object.keys(CALLING_CODES).filter((c) => CALLING_CODES[c] === code);
  if (sharing.length === 0) return undefined;
  let possible = sharing;
  try {
    const parsed = parsePhoneNumberFromString(mobile.replace(/[\s\-().]/g, ""), { defaultCallingCode: code });
    if (parsed?.country) return parsed.country;
    const candidates = parsed?.getPossibleCountries().filter((c: CountryCode) => sharing.includes(c)) ?? [];
    if (candidates.length > 0) possible = candidates;
  } catch {
    // A number the metadata cannot read: the calling code alone decides.
  }
  if (nationality && possible.includes(nationality)) return nationality;
  return MAIN_COUNTRIES[`+${code}`]?.find((c) => possible.includes(c)) ?? possible[0];
}
