import { z } from "zod";
import { isCountryCode } from "@/lib/countries";
import type { ErrorKey } from "@/lib/requirements/error-keys";
import { AREA_CODE_RE } from "@/lib/requirements/patterns";
import { normaliseIdentityNumber } from "@/lib/requirements/identity-number";
import { compactMobile } from "@/lib/requirements/phone";

// The spec's Limits as zod pieces. Each piece checks one present value (blank handling is the schema's job)
// and is at least as strict as the upstream's own checks, so the portal never sends what it refuses.

export { DEFAULT_ERROR_TEXT, ERROR_KEYS, type ErrorKey } from "@/lib/requirements/error-keys";
export { DATE_RE, MAX_AGE, MIN_AGE } from "@/lib/requirements/dates";
export { birthDateSchema, dateSchema, expiryDateSchema, issueDateSchema } from "@/lib/requirements/date-schemas";

export const NAME_MAX = 50;
export const ADDRESS_MAX = 100;
export const EMAIL_MAX = 254;
export const UNKNOWN_TEXT_MAX = 200;
export const FILE_ID_MAX = 128;
export const PROVIDER_MAX = 64;
export const REPORT_TYPE_MAX = 32;
export const REFERENCE_ID_MIN = 10;
export const REFERENCE_ID_MAX = 128;

// Letters of any script (with combining marks); a name starts with a letter.
export const NAME_RE = /^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u;
export const ADDRESS_RE = /^[\p{L}\p{M}0-9 ,.'/#()\-&]*$/u;
export const POSTCODE_RE = /^[A-Za-z0-9 -]{4,10}$/;
export { AREA_CODE_RE };
export const MOBILE_RE = /^\d{4,15}$/;
export const SSN_RE = /^\d{9}$/;
export const IDENTITY_NUMBER_RE = /^[A-Za-z0-9-]{4,30}$/;
// The upstream wants something@something.tld; zod's practical pattern is a stricter subset of that.
export const EMAIL_RE = z.regexes.email;
const FILE_ID_RE = /^\S+$/;

export const IDENTITY_TYPES = ["ID_CARD", "PASSPORT", "HK_HKID", "DLN"] as const;
/** The spec does not list genders; like the upstream: 0 not specified, 1 male, 2 female. */
export const GENDERS = [0, 1, 2] as const;
export const KYC_METHODS = ["REDIRECT_LINK", "THIRD_PARTY"] as const;

const k = (key: ErrorKey) => key;
const typeError = (issue: { input?: unknown }) => (issue.input === undefined ? k("errors.field.required") : k("errors.field.invalid"));
const text = () => z.string({ error: typeError }).trim();
// People type phone and social security numbers with spaces or hyphens; the upstream wants digits only.
const digitsOnly = (v: string) => v.replace(/[\s-]/g, "");

export const nameSchema = text().max(NAME_MAX, k("errors.field.max_50")).regex(NAME_RE, k("errors.field.name"));

export const emailSchema = text().max(EMAIL_MAX, k("errors.field.max_254")).regex(EMAIL_RE, k("errors.field.email"));

export const areaCodeSchema = text().regex(AREA_CODE_RE, k("errors.field.area_code"));

// Any usual written form: "07700 900123", "(07700) 900-123", "+44 7700 900123"; the schema stores the national digits.
const MOBILE_TYPED_RE = /^\+?\d{4,15}$/;
export const mobileNumberSchema = text().overwrite(compactMobile).regex(MOBILE_TYPED_RE, k("errors.field.mobile_number"));

export const ssnSchema = text().overwrite(digitsOnly).regex(SSN_RE, k("errors.field.ssn"));

export const countrySchema = text()
  .overwrite((v) => v.toUpperCase())
  .refine((v) => isCountryCode(v), k("errors.field.country"));

export const identityTypeSchema = z.enum(IDENTITY_TYPES, { error: k("errors.field.identity_type") });

// Printed forms are read ("a123 456(7)", "X-1234-5678"): stored as the issuer's letters and digits.
export const identityNumberSchema = text().overwrite(normaliseIdentityNumber).regex(IDENTITY_NUMBER_RE, k("errors.field.identity_number"));

export const fileIdSchema = text().max(FILE_ID_MAX, k("errors.field.file_id")).regex(FILE_ID_RE, k("errors.field.file_id"));

export const addressLineSchema = text().max(ADDRESS_MAX, k("errors.field.max_100")).regex(ADDRESS_RE, k("errors.field.address"));

export const postcodeSchema = text().regex(POSTCODE_RE, k("errors.field.postcode"));

/** Forms send "0" | "1" | "2"; the upstream wants the integer. */
export const genderSchema = z.preprocess(
  (v) => (typeof v === "string" && /^\s*[012]\s*$/.test(v) ? Number(v) : v),
  z.literal(GENDERS, { error: k("errors.field.gender") }),
);

export const kycMethodSchema = z.enum(KYC_METHODS, { error: k("errors.field.kyc_method") });

export const kycProviderSchema = text().max(PROVIDER_MAX, k("errors.field.max_64"));

export const referenceIdSchema = text()
  .min(REFERENCE_ID_MIN, k("errors.field.reference_id"))
  .max(REFERENCE_ID_MAX, k("errors.field.reference_id"));

export const kycDocumentsSchema = z
  .array(
    z.object(
      {
        file_id: fileIdSchema,
        report_type: text().min(1, k("errors.field.report_type")).max(REPORT_TYPE_MAX, k("errors.field.report_type")),
      },
      { error: k("errors.field.invalid") },
    ),
    { error: k("errors.field.invalid") },
  )
  .min(1, k("errors.field.required"));

/** Values of descriptors the portal does not know: any short text. */
export const unknownTextSchema = text().max(UNKNOWN_TEXT_MAX, k("errors.field.max_200"));
