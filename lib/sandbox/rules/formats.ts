import { isCountryCode } from "@/lib/countries";

// Format rules of the spec's Limits section, plus the sandbox's choices where the spec is silent
// (written next to each rule). Pure: used by validate, create and update.

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
export const AREA_CODE_RE = /^\+\d{1,4}$/;
/** The spec: letters, digits, space and , . ' / # ( ) - & (letters of any script). */
export const ADDRESS_RE = /^[\p{L}\p{M}0-9 ,.'/#()\-&]*$/u;
export const POSTCODE_RE = /^[A-Za-z0-9 -]{4,10}$/;
export const SSN_RE = /^\d{9}$/;
// Choice: names of any script, with space, apostrophe, hyphen and dot.
const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MOBILE_RE = /^\d{4,15}$/;
const IDENTITY_NUMBER_RE = /^[A-Za-z0-9-]{4,30}$/;

export const IDENTITY_TYPES = ["ID_CARD", "PASSPORT", "HK_HKID", "DLN"] as const;
/** Choice (allowed values of gender are not shown): 0 not specified, 1 male, 2 female. */
export const GENDERS = [0, 1, 2] as const;
export const ADDRESS_KEYS = ["country", "state", "city", "district", "line1", "line2", "postcode"] as const;
export const ADDRESS_FIELDS = ["billing_address", "delivery_address", "residential_address"] as const;

/** Parses YYYY-MM-DD as a real calendar date (UTC midnight), or undefined. */
export function parseDate(value: unknown): Date | undefined {
  if (typeof value !== "string" || !DATE_RE.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? undefined : date;
}

export function ageOn(birth: Date, now: Date): number {
  let age = now.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    now.getUTCMonth() < birth.getUTCMonth() || (now.getUTCMonth() === birth.getUTCMonth() && now.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

export type Check = (value: unknown, now: Date) => string | undefined;

const text =
  (re: RegExp, max: number, message: string): Check =>
  (value) => {
    if (typeof value !== "string") return "must be a string";
    if (value.length > max) return `must be at most ${max} characters`;
    return re.test(value) ? undefined : message;
  };

export const checks = {
  name: text(NAME_RE, 50, "must contain letters, spaces, apostrophes, hyphens or dots only"),
  email: text(EMAIL_RE, 254, "must be an email address"),
  mobile: text(MOBILE_RE, 15, "must be 4 to 15 digits, without the area code"),
  areaCode: text(AREA_CODE_RE, 5, "must be a phone area code such as +44"),
  country: ((value) => (isCountryCode(value) ? undefined : "must be an ISO 3166-1 alpha-2 country code such as GB")) as Check,
  ssn: text(SSN_RE, 9, "must be 9 digits"),
  identityNumber: text(IDENTITY_NUMBER_RE, 30, "must be 4 to 30 letters, digits or hyphens"),
  identityType: ((value) =>
    (IDENTITY_TYPES as readonly unknown[]).includes(value) ? undefined : `must be one of ${IDENTITY_TYPES.join(", ")}`) as Check,
  gender: ((value) =>
    (GENDERS as readonly unknown[]).includes(value) ? undefined : "must be 0 (not specified), 1 (male) or 2 (female)") as Check,
  addressLine: text(ADDRESS_RE, 100, "may contain letters, digits, spaces and , . ' / # ( ) - & only"),
  postcode: ((value) =>
    typeof value === "string" && POSTCODE_RE.test(value) ? undefined : "must be 4 to 10 letters, digits, spaces or hyphens") as Check,
  fileId: text(/^\S{1,128}$/, 128, "must be a file id from the upload endpoint"),
  // Choice: a cardholder must be an adult (18) and a plausible age (at most 120).
  birthDate: ((value, now) => {
    const date = parseDate(value);
    if (!date) return "must be a date in the form YYYY-MM-DD";
    const age = ageOn(date, now);
    if (age < 18) return "the cardholder must be at least 18 years old";
    return age > 120 ? "must be a plausible birth date" : undefined;
  }) as Check,
  pastDate: ((value, now) => {
    const date = parseDate(value);
    if (!date) return "must be a date in the form YYYY-MM-DD";
    return date.getTime() > now.getTime() ? "must not be in the future" : undefined;
  }) as Check,
  futureDate: ((value, now) => {
    const date = parseDate(value);
    if (!date) return "must be a date in the form YYYY-MM-DD";
    return date.getTime() <= now.getTime() ? "the document has expired" : undefined;
  }) as Check,
} satisfies Record<string, Check>;
