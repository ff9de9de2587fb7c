import type { MailKind } from "@/lib/db/schema/mail";
import type { Locale } from "@/lib/i18n/config";
import type { StaffRole } from "@/lib/db/schema/staff";

// What each message needs to be rendered: sealed in the outbox row with the recipient, opened by the sender only.

/** The failure texts a refusal or failure email repeats from the status page (applyReview.status.what.*). */
export const FAILURE_TEXTS = [
  "kycRejected",
  "cardholderFailed",
  "countryRestriction",
  "fieldsIncomplete",
  "referenceExists",
  "other",
] as const;
export type FailureText = (typeof FAILURE_TEXTS)[number];

export type MailParams = {
  resume_link: { link: string; expires: string };
  kyc_reminder: { link: string; expires: string; last: boolean };
  kyc_rejected: { reference: string; what: FailureText };
  card_issued: { reference: string };
  application_failed: { reference: string; what: FailureText };
  staff_link: { link: string; linkKind: "resume" | "kyc"; expires: string };
  staff_invite: { link: string; expires: string; role: StaffRole };
  staff_password_reset: { link: string; expires: string };
  admin_digest: {
    at: string;
    hour: number;
    attention: number;
    failedMail: number;
    poisonedWebhooks: number;
    disabledEndpoints: number;
    queueUrl: string;
  };
};

/** Who the emails speak for and where applicants can turn: from the configuration, the same for every message. */
export type MailContext = {
  merchant: string;
  support: { url: string | undefined; email: string | undefined };
  merchantAppUrl: string | undefined;
};

export type MailInput<K extends MailKind = MailKind> = { kind: K; locale: Locale; params: MailParams[K] };
