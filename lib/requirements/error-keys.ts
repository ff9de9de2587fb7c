// Validation messages are message-catalog keys, so browser and server report the same thing in any language.
// The UI adds these keys to its catalogs; DEFAULT_ERROR_TEXT is the English wording.

export const DEFAULT_ERROR_TEXT = {
  "errors.field.required": "This field is required.",
  "errors.field.invalid": "This value is not valid.",
  "errors.field.too_long": "This value is too long.",
  "errors.field.name": "Use letters, spaces, apostrophes, hyphens or dots only, starting with a letter.",
  "errors.field.email": "Enter an email address, such as name@example.com.",
  "errors.field.date": "Enter a real date in the form YYYY-MM-DD.",
  "errors.field.date_in_future": "This date cannot be in the future.",
  "errors.field.adult": "You must be at least 18 years old.",
  "errors.field.birth_date_too_old": "Check the year of birth.",
  "errors.field.document_expired": "This document has expired.",
  "errors.field.expiry_before_issue": "The expiry date must be after the issue date.",
  "errors.field.area_code": "Enter a country calling code such as +44.",
  "errors.field.area_code_not_supported": "Phone numbers with this country code cannot be used for this card.",
  "errors.field.mobile_number": "Enter 4 to 15 digits, without the country code.",
  "errors.field.country": "Choose a country from the list.",
  "errors.field.country_not_supported": "This country is not supported for this card.",
  "errors.field.ssn": "Enter the 9 digits of the Social Security number.",
  "errors.field.identity_type": "Choose a document type from the list.",
  "errors.field.identity_number": "Enter 4 to 30 letters, digits or hyphens.",
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
