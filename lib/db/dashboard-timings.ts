import "server-only";
import { sql } from "drizzle-orm";
import { rowsOf } from "@/lib/db/rows";
import type { Database } from "@/lib/db/types";

// The dashboard's stage times (median and p90 seconds per stage) of the applications started in a period. Up to
// EXACT_TIMINGS_UP_TO applications, all of them; beyond, a random 1-in-2^t sample (the sample_tier column, 0026).

export type TimingScope = { from: Date; to: Date; productId?: string };
export type StageTiming = { samples: number; median: number | null; p90: number | null };
export type StageTimings = {
  startedToSubmitted: StageTiming;
  submittedToVerified: StageTiming;
  verifiedToApproved: StageTiming;
  approvedToIssued: StageTiming;
  /** 1: every application of the period; n: one in n of them, at random. */
  oneIn: number;
};

/** A period this large is timed from a sample (reading a million rows for a median takes seconds). */
export const EXACT_TIMINGS_UP_TO = 20_000;
const TOP_TIER = 12;

/** The smallest power of two that brings `started` to EXACT_TIMINGS_UP_TO or fewer (1: no sample), at most 2^12. */
export function sampleRateFor(started: number, exactUpTo = EXACT_TIMINGS_UP_TO): number {
  let tier = 0;
  while (tier < TOP_TIER && started / 2 ** tier > exactUpTo) tier++;
  return 2 ** tier;
}

const timing = (name: string, from: string, to: string, filter?: string) => {
  const where = filter ? sql.raw(` filter (where ${filter})`) : sql``;
  const seconds = sql.raw(`extract(epoch from (${to} - ${from}))`);
  return sql`count(${seconds})${where} as ${sql.raw(`${name}_n`)},
    percentile_cont(0.5) within group (order by ${seconds})${where} as ${sql.raw(`${name}_p50`)},
    percentile_cont(0.9) within group (order by ${seconds})${where} as ${sql.raw(`${name}_p90`)}`;
};

type Raw = Record<string, string | number | null>;
const numOrNull = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
const timingOf = (r: Raw, name: string): StageTiming => ({
  samples: Number(r[`${name}_n`] ?? 0),
  median: numOrNull(r[`${name}_p50`]),
  p90: numOrNull(r[`${name}_p90`]),
});

/**
 * Seconds from start to submission, from submission to the identity verified (products with a check: the first move
 * into approved), from verified to approved (products without one: submission counts as verified), from approved to
 * the card issued; `oneIn` > 1 reads only the tiers that make that sample, each a range of applications_sample_idx.
 */
export async function stageTimings(db: Database, scope: TimingScope, oneIn = 1): Promise<StageTimings> {
  const tier = Math.round(Math.log2(Math.max(1, oneIn)));
  const tiers = Array.from({ length: TOP_TIER - tier + 1 }, (_, i) => tier + i);
  const sample = tier > 0 ? sql`a.sample_tier = any(${sql.raw(`array[${tiers.join(",")}]::smallint[]`)}) and` : sql``;
  const result = await db.execute(sql`
    with cohort as (
      select a.created_at as started_at, a.kyc_method is not null as with_kyc, a.first_submitted_at as submitted_at,
        a.first_approved_at as approved_at, a.first_issued_at as issued_at
      from applications a
      where ${sample} a.created_at >= ${scope.from.toISOString()}::timestamptz and a.created_at < ${scope.to.toISOString()}::timestamptz
        ${scope.productId ? sql`and a.product_id = ${scope.productId}` : sql``}
    ), staged as (
      select *, case when with_kyc then approved_at else submitted_at end as verified_at from cohort
    )
    select ${timing("s1", "started_at", "submitted_at")},
      ${timing("s2", "submitted_at", "verified_at", "with_kyc")},
      ${timing("s3", "verified_at", "approved_at", "not with_kyc")},
      ${timing("s4", "approved_at", "issued_at")}
    from staged`);
  const r = rowsOf<Raw>(result)[0] ?? {};
  return {
    startedToSubmitted: timingOf(r, "s1"),
    submittedToVerified: timingOf(r, "s2"),
    verifiedToApproved: timingOf(r, "s3"),
    approvedToIssued: timingOf(r, "s4"),
    oneIn: 2 ** tier,
  };
}
