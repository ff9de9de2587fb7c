import { FINAL_STATES, type ApplicationState } from "@/lib/db/schema";

// The list of states is the column's enum, so the schema defines it (lib/db imports no domain module); pages and
// components read it here, from the state machine that moves between them, never from lib/db.
export { APPLICATION_STATES, type ApplicationState } from "@/lib/db/schema/applications";

// The application states of docs/architecture.md and every allowed move between them, in one table.
// Anything not listed is refused; `failed` is reachable from any non-final state (an upstream refusal).

export type Transition =
  | "submit" // the cardholder was created upstream
  | "kyc_started" // the KYC link was issued (REDIRECT_LINK)
  | "kyc_rejected"
  | "approved" // status SUCCESS (and VERIFIED when KYC applies)
  | "claim_card" // this process claimed the one card issuance
  | "card_issued"
  | "release_card" // the issuance was refused for a reason that may pass (e.g. approval pending)
  | "fail"
  | "reopen" // staff: a failed application that never reached the issuer goes back to the applicant as a draft
  | "retry_card"; // staff: a refused issuance is tried again once the issuer approves the cardholder

const TABLE: Record<Transition, { from: readonly ApplicationState[]; to: ApplicationState }> = {
  submit: { from: ["draft"], to: "submitted" },
  kyc_started: { from: ["submitted"], to: "kyc_pending" },
  kyc_rejected: { from: ["submitted", "kyc_pending", "approved", "card_issuing"], to: "kyc_rejected" },
  approved: { from: ["submitted", "kyc_pending"], to: "approved" },
  claim_card: { from: ["approved"], to: "card_issuing" },
  card_issued: { from: ["card_issuing"], to: "card_issued" },
  release_card: { from: ["card_issuing"], to: "kyc_pending" },
  fail: { from: ["draft", "submitted", "kyc_pending", "approved", "card_issuing"], to: "failed" },
  reopen: { from: ["failed"], to: "draft" },
  retry_card: { from: ["failed"], to: "approved" },
};

/** The only moves out of a final state, made by a staff member (lib/admin/case/actions), never by polling or a webhook. */
export const STAFF_TRANSITIONS: readonly Transition[] = ["reopen", "retry_card"];

export function isFinal(state: ApplicationState): boolean {
  return FINAL_STATES.includes(state);
}

/** The state a transition leads to from `from`, or undefined when the move is not allowed. */
export function nextState(from: ApplicationState, transition: Transition): ApplicationState | undefined {
  const rule = TABLE[transition];
  return rule.from.includes(from) ? rule.to : undefined;
}

/** The states a transition may start from (used as the condition of the UPDATE that performs it). */
export function sourcesOf(transition: Transition): readonly ApplicationState[] {
  return TABLE[transition].from;
}

export function targetOf(transition: Transition): ApplicationState {
  return TABLE[transition].to;
}
