import { isPlainObject } from "@/lib/dotted-paths";
import type { z } from "zod";
import {
  addressLineSchema,
  areaCodeSchema,
  birthDateSchema,
  countrySchema,
  emailSchema,
  expiryDateSchema,
  fileIdSchema,
  genderSchema,
  identityNumberSchema,
  identityTypeSchema,
  issueDateSchema,
  kycDocumentsSchema,
  kycMethodSchema,
  kycProviderSchema,
  mobileNumberSchema,
  nameSchema,
  postcodeSchema,
  referenceIdSchema,
  ssnSchema,
  unknownTextSchema,
} from "@/lib/requirements/limits";
import type { FieldKind } from "@/lib/requirements/types";

/** The limit that checks a present value of this kind. */
export function valueSchema(kind: FieldKind, now: Date): z.ZodType {
  switch (kind) {
    case "name":
      return nameSchema;
    case "email":
      return emailSchema;
    case "birth-date":
      return birthDateSchema(now);
    case "gender":
      return genderSchema;
    case "mobile-number":
      return mobileNumberSchema;
    case "area-code":
      return areaCodeSchema;
    case "country":
      return countrySchema;
    case "ssn":
      return ssnSchema;
    case "identity-type":
      return identityTypeSchema;
    case "identity-number":
      return identityNumberSchema;
    case "issue-date":
      return issueDateSchema(now);
    case "expiry-date":
      return expiryDateSchema(now);
    case "file-id":
      return fileIdSchema;
    case "address-line":
      return addressLineSchema;
    case "postcode":
      return postcodeSchema;
    case "kyc-method":
      return kycMethodSchema;
    case "kyc-provider":
      return kycProviderSchema;
    case "reference-id":
      return referenceIdSchema;
    case "kyc-documents":
      return kycDocumentsSchema;
    case "text":
      return unknownTextSchema;
  }
}

/** Form values: a blank string, null or an empty list means "not answered"; other strings are trimmed. */
export function blankToUndefined(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === "string") return value.trim() === "" ? undefined : value.trim();
  if (Array.isArray(value) && value.length === 0) return undefined;
  return value;
}

/** No answer anywhere inside (an object of blanks counts as absent, like the upstream's isPresent). */
export function isBlankDeep(value: unknown): boolean {
  if (isPlainObject(value)) return Object.values(value).every(isBlankDeep);
  return blankToUndefined(value) === undefined;
}

/** Drops undefined entries so the payload carries only answered fields. */
export function prune(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(prune);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) if (entry !== undefined) out[key] = prune(entry);
  return out;
}
