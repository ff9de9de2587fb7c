import "server-only";
import { eq, inArray, sql } from "drizzle-orm";
import { staffSignInAttempts } from "@/lib/db/schema";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

export type SignInAttempt = typeof staffSignInAttempts.$inferInsert;

/** Outcomes that count as failures: `checking` too, so guesses sent at once are counted one after another. */
export const FAILURE_OUTCOMES = ["bad_credentials", "disabled", "checking"] as const;

export type ThrottleFacts = {
  /** Failures of this (account, address) within the pair window and since its last success. */
  pairFailures: number;
  pairLastFailureAt: Date | null;
  /** Last success of this (account, address): within `trustedForMs`, the address is trusted for the account. */
  pairLastSuccessAt: Date | null;
  /** Failures of the account from any address in the last `windowMs`, and its latest failure. */
  accountFailures: number;
  accountLastFailureAt: Date | null;
  /** Failures from the address on any account in the last `windowMs`. */
  addressFailures: number;
};

export type ThrottleDecision = { allowed: true } | { allowed: false; reason: "pair" | "account" | "address"; retryAt: Date };

/**
 * The password throttle (lib/auth/throttle.ts), passed in: the windows the counts cover, and its decision on them.
 * Persistence counts and records; the rule of who may try again is the staff sign-in's own.
 */
export type SignInThrottle = { pairWindowMs: number; windowMs: number; decide: (facts: ThrottleFacts, now: Date) => ThrottleDecision };

/** Advisory lock namespace (two-key form) of sign-in counts, apart from the single-key locks of jobs and migrations. */
const SIGN_IN_LOCK_SPACE = 7_240_113;
const failed = sql.join(
  FAILURE_OUTCOMES.map((o) => sql`${o}`),
  sql`, `,
);

export async function recordSignInAttempt(db: Database, attempt: SignInAttempt): Promise<void> {
  await db.insert(staffSignInAttempts).values(attempt);
}

const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string | Date));

/** What the throttle needs to know about (account, address), in one round trip (lib/auth/throttle.ts). */
export async function throttleFacts(
  db: Database,
  email: string,
  ip: string,
  now: Date,
  windows: Omit<SignInThrottle, "decide">,
): Promise<ThrottleFacts> {
  const pairSince = new Date(now.getTime() - windows.pairWindowMs).toISOString();
  const since = new Date(now.getTime() - windows.windowMs).toISOString();
  const result = await db.execute(sql`
    with pair_success as (
      select max(at) as at from staff_sign_in_attempts where email = ${email} and ip = ${ip} and outcome = 'success'
    ), pair as (
      select count(*)::int as n, max(a.at) as last from staff_sign_in_attempts a, pair_success s
      where a.email = ${email} and a.ip = ${ip} and a.outcome in (${failed}) and a.at > ${pairSince}
        and (s.at is null or a.at > s.at)
    )
    select
      (select n from pair) as pair_failures,
      (select last from pair) as pair_last_failure,
      (select at from pair_success) as pair_last_success,
      (select count(*)::int from staff_sign_in_attempts where email = ${email} and outcome in (${failed}) and at > ${since}) as account_failures,
      (select max(at) from staff_sign_in_attempts where email = ${email} and outcome in (${failed}) and at > ${since}) as account_last_failure,
      (select count(*)::int from staff_sign_in_attempts where ip = ${ip} and outcome in (${failed}) and at > ${since}) as address_failures
  `);
  const row = rowsOf<Record<string, unknown>>(result)[0] ?? {};
  return {
    pairFailures: Number(row.pair_failures ?? 0),
    pairLastFailureAt: dateOf(row.pair_last_failure),
    pairLastSuccessAt: dateOf(row.pair_last_success),
    accountFailures: Number(row.account_failures ?? 0),
    accountLastFailureAt: dateOf(row.account_last_failure),
    addressFailures: Number(row.address_failures ?? 0),
  };
}

/**
 * Decides and records this attempt in one step, under locks on the account and the address (every instance takes
 * them), so guesses sent at once are counted one after another: recorded as `checking` when the throttle lets the
 * password be checked (answered with its id, to set the outcome), else as `throttled` (not a failure).
 */
export async function reserveSignInAttempt(
  db: Database,
  attempt: Omit<SignInAttempt, "outcome" | "at"> & { at: Date },
  throttle: SignInThrottle,
): Promise<{ id: number } | Extract<ThrottleDecision, { allowed: false }>> {
  return db.transaction(async (tx) => {
    // Email keys sort before address keys: every transaction locks in the same order, so none waits on another in a circle.
    for (const key of [`email:${attempt.email}`, `ip:${attempt.ip}`]) {
      await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_LOCK_SPACE}, hashtext(${key}))`);
    }
    const decision = throttle.decide(await throttleFacts(tx, attempt.email, attempt.ip, attempt.at, throttle), attempt.at);
    const [row] = await tx
      .insert(staffSignInAttempts)
      .values({ ...attempt, outcome: decision.allowed ? "checking" : "throttled" })
      .returning({ id: staffSignInAttempts.id });
    if (!row) throw new Error("insert returned nothing");
    return decision.allowed ? row : decision;
  });
}

/** The outcome of a reserved attempt once its password was checked. */
export async function setSignInOutcome(db: Database, id: number, outcome: string): Promise<void> {
  await db.update(staffSignInAttempts).set({ outcome }).where(eq(staffSignInAttempts.id, id));
}

export type RecentFailure = { email: string; at: Date; ip: string; outcome: string; method: string };
export type FailureSummary = { failed: number; throttled: number; recent: RecentFailure[] };

/**
 * Per account (email): its failures and its throttled attempts since `since`, and the latest `keep` failures (the
 * throttled ones only counted: a refusal says less than a wrong password, and could push every failure off the list).
 */
export async function signInFailuresOf(db: Database, emails: string[], since: Date, keep: number): Promise<Map<string, FailureSummary>> {
  const out = new Map<string, FailureSummary>();
  if (emails.length === 0) return out;
  const result = await db.execute(sql`
    select email, at, ip, outcome, method, failed::int, throttled::int from (
      select email, at, ip, outcome, method,
        row_number() over (partition by email, outcome = 'throttled' order by at desc, id desc) as k,
        count(*) filter (where outcome <> 'throttled') over (partition by email) as failed,
        count(*) filter (where outcome = 'throttled') over (partition by email) as throttled
      from staff_sign_in_attempts
      where ${inArray(staffSignInAttempts.email, emails)} and at > ${since.toISOString()} and outcome not in ('success', 'checking')
    ) t where k <= ${keep} order by email, at desc`);
  for (const r of rowsOf<RecentFailure & { failed: number; throttled: number }>(result)) {
    const entry = out.get(r.email) ?? { failed: Number(r.failed), throttled: Number(r.throttled), recent: [] };
    if (r.outcome !== "throttled")
      entry.recent.push({ email: r.email, at: new Date(r.at), ip: r.ip, outcome: r.outcome, method: r.method });
    out.set(r.email, entry);
  }
  return out;
}
