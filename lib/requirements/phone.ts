import { getCountries, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from "libphonenumber-js/min";

// Mobile numbers are stored as the upstream wants them: the calling code apart ("+44") and the national
// significant number in digits ("7700900123", without the trunk prefix 0 people type at home).
// The "min" metadata keeps the browser bundle small: it knows lengths and prefixes, not number types.

// What people write around the digits: spaces, hyphens, dots and brackets ("(07700) 900-123").
const SEPARATORS = /[\s\-().]/g;

/** The number without what people write around its digits; "+44 (0)7700 …" loses the trunk 0 not dialled from abroad. */
export function compactMobile(typed: string): string {
  return typed.replace(/^(\s*\+\d{1,4}\s*)\(0\)/, "$1").replace(SEPARATORS, "");
}

function parse(areaCode: string, number: string): PhoneNumber | undefined {
  const code = /^\+(\d{1,4})$/.exec(areaCode.trim())?.[1];
  const compact = compactMobile(number);
  // Written in international form ("+44 7700 900123"): read as such, and it must carry the chosen calling code.
  const international = compact.startsWith("+");
  const digits = international ? compact.slice(1) : compact;
  if (!code || !/^\d+$/.test(digits)) return undefined;
  try {
    const parsed = international
      ? parsePhoneNumberFromString(`+${digits}`)
      : parsePhoneNumberFromString(digits, { defaultCallingCode: code });
    return parsed?.countryCallingCode === code ? parsed : undefined;
  } catch {
    return undefined; // A calling code the metadata does not know.
  }
}

/** The national significant number, "possible" for the calling code; undefined when it cannot be dialled. */
export function normaliseMobile(areaCode: string, number: string): string | undefined {
  const parsed = parse(areaCode, number);
  return parsed?.isPossible() ? parsed.nationalNumber : undefined;
}

/** Whether the metadata knows this calling code (an unknown one is left to the upstream's own checks). */
export function knowsCallingCode(areaCode: string): boolean {
  return parse(areaCode, "0000000") !== undefined;
}

/** "+44 7700 900123": the number in international form, or code and number side by side when it does not parse. */
export function formatInternational(areaCode: string, number: string): string {
  const parsed = parse(areaCode, number);
  return parsed ? parsed.formatInternational() : `${areaCode} ${number}`.trim();
}

/**
 * The national significant numbers a phone number typed in any format may stand for (staff search): "+44 7700 900123"
 * and "0044 7700-900123" are one number; "07700 900123" is read with every country's trunk prefix. Empty: not a phone.
 */
export function nationalNumbersOf(typed: string): string[] {
  const compact = typed.trim().replace(SEPARATORS, "");
  const international = /^(?:\+|00)(\d{6,15})$/.exec(compact)?.[1];
  if (international) {
    const parsed = tryParse(`+${international}`);
    return parsed?.isPossible() ? [parsed.nationalNumber] : [];
  }
  if (!/^\d{6,15}$/.test(compact)) return [];
  const found = new Set([compact]);
  for (const country of getCountries()) {
    const parsed = tryParse(compact, country);
    if (parsed?.isPossible()) found.add(parsed.nationalNumber);
  }
  return [...found];
}

function tryParse(text: string, country?: CountryCode): PhoneNumber | undefined {
  try {
    return parsePhoneNumberFromString(text, country);
  } catch {
    return undefined;
  }
}
