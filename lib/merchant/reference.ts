import { z } from "zod";

// The merchant's customer reference (issue #29): the merchant's own id for the applicant, carried by a sealed
// invitation or the merchant API. A safe set only, so it can sit in a link, a CSV cell or a log line as it is.

export const MERCHANT_REFERENCE_MAX = 128;
const SAFE = /^[A-Za-z0-9][A-Za-z0-9._:@/-]*$/;

/** 1 to 128 of letters, digits and `. _ : @ / -`, starting with a letter or digit; surrounding spaces dropped. */
export const merchantReferenceSchema = z
  .string()
  .trim()
  .min(1, "errors.merchant.reference")
  .max(MERCHANT_REFERENCE_MAX, "errors.merchant.reference")
  .regex(SAFE, "errors.merchant.reference");

/** This area's own message keys, kept by fieldErrorsFromZod beside the cardholder form's. */
export const isMerchantKey = (message: string) => message.startsWith("errors.merchant.");

/** Whether a typed text could be a merchant reference (the staff search tries it as one). */
export const isMerchantReference = (text: string): boolean => merchantReferenceSchema.safeParse(text).success;
