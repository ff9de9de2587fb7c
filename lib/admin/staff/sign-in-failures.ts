import "server-only";
import type { StaffDeps } from "@/lib/admin/staff/accounts";
import { signInFailuresOf } from "@/lib/db/staff-sign-in";

// Failed sign-ins per staff account for admins (/admin/staff): how many, and the latest with when and from where.

export const FAILURES_WINDOW_MS = 24 * 3_600_000;
const RECENT = 5;

/** What an attempt was, as the staff page names it. */
export const FAILURE_KINDS = [
  "bad_credentials",
  "disabled",
  "current_password",
  "oidc_unverified",
  "oidc_domain",
  "oidc_subject",
  "oidc_refused",
] as const;
export type FailureKind = (typeof FAILURE_KINDS)[number];
export type AccountFailures = { failed: number; throttled: number; recent: Array<{ at: Date; ip: string; kind: FailureKind }> };

const kindOf = (outcome: string, method: string): FailureKind => {
  if (method === "current_password") return "current_password";
  return (FAILURE_KINDS as readonly string[]).includes(outcome) ? (outcome as FailureKind) : "oidc_refused";
};

/** Per account email: its failures of the last 24 hours (those refused while waiting apart) and the latest few. */
export async function signInFailuresByEmail(deps: StaffDeps, emails: string[]): Promise<Map<string, AccountFailures>> {
  const since = new Date(deps.now().getTime() - FAILURES_WINDOW_MS);
  const found = await signInFailuresOf(deps.db, emails, since, RECENT);
  return new Map(
    [...found].map(([email, f]) => [
      email,
      {
        failed: f.failed,
        throttled: f.throttled,
        recent: f.recent.map((r) => ({ at: r.at, ip: r.ip, kind: kindOf(r.outcome, r.method) })),
      },
    ]),
  );
}
