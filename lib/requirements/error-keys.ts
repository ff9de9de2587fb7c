// Validation messages are message-catalog keys, so browser and server report the same thing in any language.
// The UI adds these keys to its catalogs; DEFAULT_ERROR_TEXT is the English wording.

export const DEFAULT_ERROR_TEXT = {
  "errors.field.required": "This field is required.",
  "errors.field.group_incomplete": "Only part of this section is filled in. Complete it, or leave all of it empty.",
  "errors.field.invalid": "This value is not valid.",
  "errors.field.too_long": "This value is too long.",
  "errors.field.max_50": "Use at most 50 characters.",
  "errors.field.max_64": "Use at most 64 characters.",
  "errors.field.max_100": "Use at most 100 characters.",
  "errors.field.max_200": "Use at most 200 characters.",
  "errors.field.max_254": "Use at most 254 characters.",
  "errors.field.name": "Use letters, spaces, apostrophes, hyphens or dots only, starting with a letter.",
  "errors.field.email": "Enter an email address, such as name@example.com.",
  "errors.field.date": "The date must be a real date.",
  "errors.field.date_day": "The date must include a day.",
  "errors.field.date_month": "The date must include a month.",
  "errors.field.date_year": "The year must have 4 digits.",
  "errors.field.date_in_future": "The date must be today or in the past.",
  "errors.field.birth_date_in_future": "The date must be in the past.",
  "errors.field.adult": "You must be 18 or over to apply.",
  "errors.field.birth_date_too_old": "Check the year of birth.",
  "errors.field.document_expired": "The document has expired. Use one that is still valid.",
  "errors.field.expiry_before_issue": "The expiry date must be after the issue date.",
  "errors.field.area_code": "Enter a country calling code such as +44.",
  "errors.field.area_code_not_supported": "Phone numbers with this country code cannot be used for this card.",
  "errors.field.mobile_number": "Enter a mobile number that can be dialled with the chosen country calling code.",
  "errors.field.country": "Choose a country from the list.",
  "errors.field.country_not_supported": "This country is not supported for this card.",
  "errors.field.ssn": "A Social Security number has 9 digits.",
  "errors.field.identity_type": "Choose a document type from the list.",
  "errors.field.identity_number": "Enter 4 to 30 letters, digits or hyphens.",
  "errors.field.hkid_format":
    "Enter the number as printed on the card: 1 or 2 letters, 6 digits and the character in brackets, such as A123456(3).",
  "errors.field.hkid_check": "Check the number: the character in brackets does not match the rest of it.",
  "errors.field.gender": "Choose one of the options.",
  "errors.field.address": "Use letters, digits, spaces and , . ' / # ( ) - & only.",
  "errors.field.postcode": "Enter 4 to 10 letters, digits, spaces or hyphens.",
  "errors.field.file_id": "Upload the document again.",
  "errors.field.kyc_method": "This verification method is not available.",
  "errors.field.kyc_proof_not_allowed": "A verification proof is only sent with third-party verification.",
  "errors.field.reference_id": "The reference must be 10 to 128 characters.",
  "errors.field.report_type": "The report type is missing or too long.",
} as const;

export type ErrorKey = keyof typeof DEFAULT_ERROR_TEXT;

export const ERROR_KEYS = Object.keys(DEFAULT_ERROR_TEXT) as ErrorKey[];

const known = new Set<string>(ERROR_KEYS);

export function isErrorKey(value: unknown): value is ErrorKey {
  return typeof value === "string" && known.has(value);
}
