import type { ApplicationState } from "@/lib/db/schema";
import type { Tally } from "@/lib/db/tallies";

// The dashboard's counts of a period's applications (the funnel, states, refusals, drafts per step), read off the
// tallies (lib/db/tallies.ts): no figure here reads the applications themselves.

export type CohortCounts = {
  started: number;
  submitted: number;
  verified: number;
  approved: number;
  issued: number;
  states: Partial<Record<ApplicationState, number>>;
  refusals: Array<{ state: ApplicationState; code: string | null; count: number }>;
  draftsByStep: Array<{ step: string | null; count: number }>;
};

const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n);

/**
 * Identity verified: with a check, the first move into approved, or (still submitted or waiting) the issuer already
 * saying VERIFIED; without one, the submission itself.
 */
export function cohortCountsOf(tallies: Tally[]): CohortCounts {
  const out: CohortCounts = { started: 0, submitted: 0, verified: 0, approved: 0, issued: 0, states: {}, refusals: [], draftsByStep: [] };
  const states = new Map<ApplicationState, number>();
  const refusals = new Map<string, { state: ApplicationState; code: string | null; count: number }>();
  const drafts = new Map<string | null, number>();
  for (const t of tallies) {
    out.started += t.n;
    if (t.submitted) out.submitted += t.n;
    if (t.approved) out.approved += t.n;
    if (t.issued) out.issued += t.n;
    const verified = t.withKyc ? t.approved : t.submitted;
    if (verified || t.verifiedWaiting) out.verified += t.n;
    add(states, t.state, t.n);
    if (t.state === "failed" || t.state === "kyc_rejected") {
      const key = `${t.state} ${t.failureCode ?? ""}`;
      const row = refusals.get(key) ?? { state: t.state, code: t.failureCode, count: 0 };
      refusals.set(key, { ...row, count: row.count + t.n });
    }
    if (t.state === "draft") add(drafts, t.lastStep, t.n);
  }
  out.states = Object.fromEntries([...states].filter(([, n]) => n !== 0));
  out.refusals = [...refusals.values()];
  out.draftsByStep = [...drafts].map(([step, count]) => ({ step, count }));
  return out;
}
