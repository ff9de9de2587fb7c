import type { SignInThrottle, ThrottleDecision, ThrottleFacts } from "@/lib/db/staff-sign-in";

// The staff password throttle's rules, pure: what the database counted (lib/db/staff-sign-in.ts) in, a decision out.
//
// - Per (account, address): the first `free` failures cost nothing; after that each further check must wait for a
//   delay that doubles with every failure (1 min, 2, 4, ... at most an hour) counted from the last failure. The
//   pair starts again after a success from it, or a day without failures.
// - Per account, a ceiling that slows rather than locks: once the account has `ceiling` failures in 15 minutes,
//   addresses it has not signed in from lately share one password check per `spacingMs`. An address that signed in
//   to the account in the last `trustedForMs` is exempt, so the only admin still gets in from their own address
//   however many others guess elsewhere; from a new address they wait their turn, never longer than the spacing.
// - Per address over every account (password spraying): `perAddress` failures in 15 minutes.
// Attempts refused by the throttle are recorded as `throttled` and are not failures: they extend nothing.

export const THROTTLE = {
  free: 5,
  baseDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
  pairWindowMs: 24 * 3_600_000,
  windowMs: 15 * 60_000,
  ceiling: 10,
  spacingMs: 30_000,
  trustedForMs: 30 * 24 * 3_600_000,
  perAddress: 20,
} as const;

/** The wait a pair owes after its `failures`-th failure (0 while under the free allowance). */
export function pairDelayMs(failures: number): number {
  if (failures < THROTTLE.free) return 0;
  return Math.min(THROTTLE.baseDelayMs * 2 ** (failures - THROTTLE.free), THROTTLE.maxDelayMs);
}

const after = (at: Date | null, ms: number) => new Date((at?.getTime() ?? 0) + ms);

/** Whether a password may be checked now, and if not, why and from when. */
export function decide(facts: ThrottleFacts, now: Date): ThrottleDecision {
  if (facts.addressFailures >= THROTTLE.perAddress) {
    return { allowed: false, reason: "address", retryAt: new Date(now.getTime() + THROTTLE.windowMs) };
  }
  const pairRetry = after(facts.pairLastFailureAt, pairDelayMs(facts.pairFailures));
  if (facts.pairFailures >= THROTTLE.free && pairRetry > now) return { allowed: false, reason: "pair", retryAt: pairRetry };
  const trusted = facts.pairLastSuccessAt !== null && now.getTime() - facts.pairLastSuccessAt.getTime() < THROTTLE.trustedForMs;
  const accountRetry = after(facts.accountLastFailureAt, THROTTLE.spacingMs);
  if (!trusted && facts.accountFailures >= THROTTLE.ceiling && accountRetry > now) {
    return { allowed: false, reason: "account", retryAt: accountRetry };
  }
  return { allowed: true };
}

/** What lib/db/staff-sign-in.ts is given to decide under its locks: the windows it counts, and this rule. */
export const SIGN_IN_THROTTLE: SignInThrottle = { pairWindowMs: THROTTLE.pairWindowMs, windowMs: THROTTLE.windowMs, decide };
