import { DEFAULT_ERROR_TEXT } from "@/lib/requirements/error-keys";
import { DEFAULT_LABEL_TEXT } from "@/lib/requirements/labels";
import { NAMED_ERROR_TEXT } from "@/lib/requirements/named-errors";
import { EVENTS_ERROR_TEXT } from "@/lib/i18n/form-texts/events-en";

// English texts of the message keys that arrive as data (form plans, API field errors, failure info),
// so they live in a flat map rather than the statically typed nested catalogs.

/** Keys the portal API answers beyond DEFAULT_ERROR_TEXT: file refusals, issuer refusals, odd requests. */
export const API_ERROR_TEXT: Readonly<Record<string, string>> = {
  "errors.field.unknown_step": "This part of the form is not available for this card. Reload the page and try again.",
  "errors.field.rejected_by_issuer": "The card issuer did not accept this answer. Check it and try again.",
  "errors.file.FILE_EMPTY": "This file is empty. Upload a photo or scan of your document: JPG, PNG or PDF, up to 10 MB.",
  "errors.file.FILE_TOO_LARGE": "This file is larger than 10 MB. Upload a smaller photo or scan: JPG, PNG or PDF, up to 10 MB.",
  "errors.file.FILE_TYPE_NOT_ALLOWED": "This type of file cannot be used. Upload a JPG, PNG or PDF file, up to 10 MB.",
  "errors.file.FILE_CONTENT_MISMATCH":
    "This file's content does not match the end of its name (for example, a PDF named .jpg). Upload the original JPG, PNG or PDF file, up to 10 MB.",
  "errors.file.unknown_field": "This card does not ask for a document here. Reload the page and try again.",
  "errors.file.not_yours": "This document was not uploaded for this application. Upload it again.",
  "errors.file.no_back_side": "A passport has no back side to upload. Upload only the page with your photo.",
  "errors.file.too_many": "Too many documents were sent for this application. Wait a little, then upload the one you need.",
  "errors.staff.email_taken": "A staff account with this email address exists already.",
  "errors.staff.last_admin": "The last admin cannot lose the role or be disabled. Make another account admin first.",
  "errors.staff.self": "You cannot disable your own account.",
  "errors.staff.password_length": "Use 12 to 256 characters.",
  "errors.staff.current_password": "This is not your current password.",
  "errors.staff.day_filter": "Enter a real date between 2000-01-01 and 2999-12-31. This date was left out of the filter.",
  "errors.staff.time_zone": "Choose a time zone from the list, such as Europe/Paris or UTC.",
  "errors.merchant.reference": "Use 1 to 128 letters, digits and . _ : @ / -, starting with a letter or digit.",
  "errors.merchant.key_name": "Name the key in 1 to 80 characters, such as the system that will use it.",
  "errors.merchant.scopes": "Choose what the key may do.",
  "errors.merchant.rate": "Enter a whole number of calls a minute from 1 to 6000.",
  "errors.file.upload_failed": "The document could not be sent to the card issuer. Nothing was lost; try again in a moment.",
};

/** Why an application stopped (lib/applications/outcomes.ts): what happened and what to do next. */
export const FAILURE_TEXT: Readonly<Record<string, string>> = {
  "status.failure.fieldsIncomplete":
    "The card issuer needs some details that this application did not include, so it could not be completed. Please contact the merchant's support, who can help you apply again.",
  "status.failure.referenceExists":
    "This identity verification has already been used for another application and cannot be used again. Please contact the merchant's support.",
  "status.failure.kycNotComplete":
    "Your identity verification is not finished yet. Complete it on our partner's secure page, then come back to this page.",
  "status.failure.kycRejected":
    "We could not verify your identity, so we cannot issue this card. If you think this is a mistake, contact the merchant's support.",
  "status.failure.notApproved":
    "Your application is waiting for the card issuer's approval. You don't need to do anything; check this page again later for the decision.",
  "status.failure.cardholderFailed":
    "The card issuer could not open a cardholder account for you, so this application has ended. Please contact the merchant's support, who can find out what happened.",
  "status.failure.countryRestriction":
    "This card is not available for your country or region, so we cannot issue it. You may be able to apply for another card.",
  "status.failure.other":
    "The card issuer could not complete your application. Please contact the merchant's support, who can find out what happened.",
};

export const dynamicEn: Readonly<Record<string, string>> = {
  ...DEFAULT_LABEL_TEXT,
  ...DEFAULT_ERROR_TEXT,
  ...NAMED_ERROR_TEXT,
  ...API_ERROR_TEXT,
  ...EVENTS_ERROR_TEXT,
  ...FAILURE_TEXT,
};
