import type { ApplicationState } from "@/lib/db/schema";
import { ISSUER_CODES } from "@/lib/issuer/errors";

// How upstream refusals show to the cardholder: the state the application moves to and the
// message-catalog key that explains what happened and what to do next.

export type Outcome = { state: ApplicationState; messageKey: string };

export const UPSTREAM_OUTCOMES: Record<string, Outcome> = {
  [ISSUER_CODES.fieldsIncomplete]: { state: "failed", messageKey: "status.failure.fieldsIncomplete" },
  [ISSUER_CODES.kycReferenceExists]: { state: "failed", messageKey: "status.failure.referenceExists" },
  [ISSUER_CODES.kycNotComplete]: { state: "kyc_pending", messageKey: "status.failure.kycNotComplete" },
  [ISSUER_CODES.kycRejected]: { state: "kyc_rejected", messageKey: "status.failure.kycRejected" },
  [ISSUER_CODES.notApproved]: { state: "kyc_pending", messageKey: "status.failure.notApproved" },
  [ISSUER_CODES.cardholderFailed]: { state: "failed", messageKey: "status.failure.cardholderFailed" },
  [ISSUER_CODES.countryRestriction]: { state: "failed", messageKey: "status.failure.countryRestriction" },
};

/** Any other refusal ends the application with a generic explanation (the code is kept for staff). */
export const UNKNOWN_OUTCOME: Outcome = { state: "failed", messageKey: "status.failure.other" };

export function outcomeOf(code: string): Outcome {
  return UPSTREAM_OUTCOMES[code] ?? UNKNOWN_OUTCOME;
}
