import { describe, expect, it } from "vitest";
import { APPLICATION_STATES, type ApplicationState } from "@/lib/applications/state-machine";
import { isFinal, nextState, STAFF_TRANSITIONS, type Transition } from "@/lib/applications/state-machine";

// Every (state, transition) pair: the allowed ones with their target, all others refused.
const ALLOWED: Array<[ApplicationState, Transition, ApplicationState]> = [
  ["draft", "submit", "submitted"],
  ["submitted", "kyc_started", "kyc_pending"],
  ["submitted", "kyc_rejected", "kyc_rejected"],
  ["kyc_pending", "kyc_rejected", "kyc_rejected"],
  ["approved", "kyc_rejected", "kyc_rejected"],
  ["card_issuing", "kyc_rejected", "kyc_rejected"],
  ["submitted", "approved", "approved"],
  ["kyc_pending", "approved", "approved"],
  ["approved", "claim_card", "card_issuing"],
  ["card_issuing", "card_issued", "card_issued"],
  ["card_issuing", "release_card", "kyc_pending"],
  ["draft", "fail", "failed"],
  ["submitted", "fail", "failed"],
  ["kyc_pending", "fail", "failed"],
  ["approved", "fail", "failed"],
  ["card_issuing", "fail", "failed"],
  ["failed", "reopen", "draft"],
  ["failed", "retry_card", "approved"],
];
const TRANSITIONS: Transition[] = [
  "submit",
  "kyc_started",
  "kyc_rejected",
  "approved",
  "claim_card",
  "card_issued",
  "release_card",
  "fail",
  "reopen",
  "retry_card",
];

describe("application state machine", () => {
  it.each(ALLOWED)("%s --%s--> %s", (from, transition, to) => {
    expect(nextState(from, transition)).toBe(to);
  });

  const refused = APPLICATION_STATES.flatMap((from) =>
    TRANSITIONS.filter((t) => !ALLOWED.some(([f, tr]) => f === from && tr === t)).map((t) => [from, t] as const),
  );
  it.each(refused)("refuses %s --%s-->", (from, transition) => {
    expect(nextState(from, transition)).toBeUndefined();
  });

  it("has no way out of the final states but the staff's own moves", () => {
    for (const state of APPLICATION_STATES.filter(isFinal)) {
      const automatic = TRANSITIONS.filter((t) => !STAFF_TRANSITIONS.includes(t));
      expect(automatic.map((t) => nextState(state, t)).filter(Boolean)).toEqual([]);
    }
    expect(APPLICATION_STATES.filter(isFinal)).toEqual(["kyc_rejected", "card_issued", "failed"]);
  });
});
