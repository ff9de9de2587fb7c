import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ATTENTION_STATES, ISSUANCE_RETRY_ATTENTION_MS, KYC_WAIT_ATTENTION_MS, attentionSql } from "@/lib/db/work-queue";
import { rowsOf } from "@/lib/db/rows";
import type { ApplicationState } from "@/lib/db/schema";
import type { Database } from "@/lib/db/types";

// The operations dashboard's queries (lib/admin/dashboard/figures.ts turns them into figures). Every figure but the
// "needs attention" counts is about the cohort: applications started (created) in [from, to), of one product or all.

export type DashboardScope = { from: Date; to: Date; productId?: string };

export type StageTiming = { samples: number; median: number | null; p90: number | null };
export type MilestoneRow = {
  started: number;
  submitted: number;
  verified: number;
  approved: number;
  issued: number;
  startedToSubmitted: StageTiming;
  submittedToVerified: StageTiming;
  verifiedToApproved: StageTiming;
  approvedToIssued: StageTiming;
};

const cohortWhere = (s: DashboardScope): SQL =>
  sql`a.created_at >= ${s.from.toISOString()}::timestamptz and a.created_at < ${s.to.toISOString()}::timestamptz
    ${s.productId ? sql`and a.product_id = ${s.productId}` : sql``}`;

const timing = (name: string, from: string, to: string, filter?: string) => {
  const where = filter ? sql.raw(` filter (where ${filter})`) : sql``;
  const seconds = sql.raw(`extract(epoch from (${to} - ${from}))`);
  return sql`count(${seconds})${where} as ${sql.raw(`${name}_n`)},
    percentile_cont(0.5) within group (order by ${seconds})${where} as ${sql.raw(`${name}_p50`)},
    percentile_cont(0.9) within group (order by ${seconds})${where} as ${sql.raw(`${name}_p90`)}`;
};

type RawMilestones = Record<string, string | number | null>;

const num = (v: string | number | null | undefined): number => Number(v ?? 0);
const numOrNull = (v: string | number | null | undefined): number | null => (v === null || v === undefined ? null : Number(v));
const timingOf = (r: RawMilestones, name: string): StageTiming => ({
  samples: num(r[`${name}_n`]),
  median: numOrNull(r[`${name}_p50`]),
  p90: numOrNull(r[`${name}_p90`]),
});

/**
 * When each application of the cohort reached each stage, from its timeline (first transition into it, kept on the
 * application by a trigger, migration 0023), counted,
 * with the median and p90 seconds per stage. Identity verified: for products with an identity check, the first move
 * out of it into approved (or, still waiting for approval, the issuer's kyc_status VERIFIED, without a time); for
 * Simplified products (no check), the submission itself, left out of the submitted→verified times.
 */
export async function cohortMilestones(db: Database, scope: DashboardScope): Promise<MilestoneRow> {
  const result = await db.execute(sql`
    with cohort as (
      select a.created_at as started_at, a.kyc_method is not null as with_kyc,
        (a.kyc_method is not null and a.state in ('submitted', 'kyc_pending') and a.upstream_kyc_status = 'VERIFIED') as verified_waiting,
        a.first_submitted_at as submitted_at, a.first_approved_at as approved_at, a.first_issued_at as issued_at
      from applications a where ${cohortWhere(scope)}
    ), staged as (
      select *, case when with_kyc then approved_at else submitted_at end as verified_at from cohort
    )
    select count(*) as started, count(submitted_at) as submitted,
      count(verified_at) + count(*) filter (where verified_waiting and verified_at is null) as verified,
      count(approved_at) as approved, count(issued_at) as issued,
      ${timing("s1", "started_at", "submitted_at")},
      ${timing("s2", "submitted_at", "verified_at", "with_kyc")},
      ${timing("s3", "verified_at", "approved_at", "not with_kyc")},
      ${timing("s4", "approved_at", "issued_at")}
    from staged`);
  const r = rowsOf<RawMilestones>(result)[0] ?? {};
  return {
    started: num(r.started),
    submitted: num(r.submitted),
    verified: num(r.verified),
    approved: num(r.approved),
    issued: num(r.issued),
    startedToSubmitted: timingOf(r, "s1"),
    submittedToVerified: timingOf(r, "s2"),
    verifiedToApproved: timingOf(r, "s3"),
    approvedToIssued: timingOf(r, "s4"),
  };
}

/** The cohort's applications per current state. */
export async function cohortStateCounts(db: Database, scope: DashboardScope): Promise<Partial<Record<ApplicationState, number>>> {
  const result = await db.execute(sql`select a.state, count(*) as n from applications a where ${cohortWhere(scope)} group by a.state`);
  return Object.fromEntries(rowsOf<{ state: ApplicationState; n: string | number }>(result).map((r) => [r.state, Number(r.n)]));
}

/** Drafts of the cohort untouched since `idleSince`, per last step saved (null: none saved yet). */
export async function abandonedDraftsByStep(
  db: Database,
  scope: DashboardScope,
  idleSince: Date,
): Promise<Array<{ step: string | null; count: number }>> {
  const result = await db.execute(sql`
    select a.last_step as step, count(*) as n from applications a
    where ${cohortWhere(scope)} and a.state = 'draft' and a.updated_at < ${idleSince.toISOString()}::timestamptz
    group by a.last_step`);
  return rowsOf<{ step: string | null; n: string | number }>(result).map((r) => ({ step: r.step, count: Number(r.n) }));
}

/** Refused applications of the cohort (rejected identity check or failed) per state and failure code. */
export async function refusalCodes(
  db: Database,
  scope: DashboardScope,
): Promise<Array<{ state: ApplicationState; code: string | null; count: number }>> {
  const result = await db.execute(sql`
    select a.state, a.failure_code as code, count(*) as n from applications a
    where ${cohortWhere(scope)} and a.state in ('kyc_rejected', 'failed')
    group by a.state, a.failure_code`);
  return rowsOf<{ state: ApplicationState; code: string | null; n: string | number }>(result).map((r) => ({
    state: r.state,
    code: r.code,
    count: Number(r.n),
  }));
}

/**
 * Applications that moved in [start, end), in [previousStart, previousEnd) and in [end, now): arrived (submitted), finished (card
 * issued), failed (failed or identity check rejected); each application once per figure, from the timeline.
 */
export async function movementCounts(db: Database, w: { start: Date; end: Date; previousStart: Date; previousEnd: Date; now: Date }) {
  const span = (from: Date, to: Date) =>
    sql`e.created_at >= ${from.toISOString()}::timestamptz and e.created_at < ${to.toISOString()}::timestamptz`;
  const moved = sql`e.from_state is distinct from e.to_state`;
  const figures = {
    arrived: sql`e.from_state = 'draft' and e.to_state = 'submitted'`,
    finished: sql`${moved} and e.to_state = 'card_issued'`,
    failed: sql`${moved} and e.to_state in ('failed', 'kyc_rejected')`,
  };
  const columns = Object.entries(figures).map(
    ([
      name,
      where,
    ]) => sql`count(distinct e.application_id) filter (where ${where} and ${span(w.start, w.end)}) as ${sql.raw(`${name}_yesterday`)},
      count(distinct e.application_id) filter (where ${where} and ${span(w.previousStart, w.previousEnd)}) as ${sql.raw(`${name}_before`)},
      count(distinct e.application_id) filter (where ${where} and ${span(w.end, w.now)}) as ${sql.raw(`${name}_today`)}`,
  );
  const result = await db.execute(sql`
    select ${sql.join(columns, sql`, `)} from application_events e
    where ${span(w.previousStart, w.now)}`);
  const r = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  const pair = (name: string) => ({
    current: num(r[`${name}_yesterday`]),
    previous: num(r[`${name}_before`]),
    today: num(r[`${name}_today`]),
  });
  return { arrived: pair("arrived"), finished: pair("finished"), failed: pair("failed") };
}

export type AttentionCounts = {
  failed: number;
  kycRejected: number;
  kycWaiting: number;
  issuanceRetrying: number;
  poisonedWebhook: number;
  total: number;
  /** Of the total, in their state since before ADMIN_ATTENTION_HOURS ago. */
  overdue: number;
};

/**
 * The work queue's "needs attention" reasons counted (every application, whatever its age), as attentionSql defines
 * them. Two branches: the pile's own states, read off their partial covering index (applications_attention_idx), and
 * any other state only through a poisoned event's cardholder, so no branch reads the whole table.
 */
export async function attentionCounts(db: Database, now: Date, overdueBefore?: Date): Promise<AttentionCounts> {
  const overdue = overdueBefore ? sql`count(*) filter (where state_since < ${overdueBefore.toISOString()}::timestamptz)` : sql`0`;
  const kycBefore = new Date(now.getTime() - KYC_WAIT_ATTENTION_MS).toISOString();
  const claimBefore = new Date(now.getTime() - ISSUANCE_RETRY_ATTENTION_MS).toISOString();
  const states = sql.join(
    ATTENTION_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const columns = sql`state, submitted_at, created_at, card_claimed_at, cardholder_id, state_since`;
  const result = await db.execute(sql`
    select count(*) filter (where state = 'failed') as failed,
      count(*) filter (where state = 'kyc_rejected') as kyc_rejected,
      count(*) filter (where state = 'kyc_pending' and coalesce(submitted_at, created_at) < ${kycBefore}::timestamptz) as kyc_waiting,
      count(*) filter (where state = 'card_issuing' and card_claimed_at < ${claimBefore}::timestamptz) as issuance_retrying,
      count(*) filter (where exists (select 1 from webhook_inbox w where w.cardholder_id = applications.cardholder_id and w.state = 'poisoned')) as poisoned,
      count(*) as total,
      ${overdue} as overdue
    from (
      select ${columns} from applications where state in (${states}) and ${attentionSql(now)}
      union all
      select ${columns} from applications where state not in (${states})
        and cardholder_id = any(array(select w.cardholder_id from webhook_inbox w where w.state = 'poisoned')) and ${attentionSql(now)}
    ) applications`);
  const r = rowsOf<Record<string, string | number>>(result)[0] ?? {};
  return {
    failed: num(r.failed),
    kycRejected: num(r.kyc_rejected),
    kycWaiting: num(r.kyc_waiting),
    issuanceRetrying: num(r.issuance_retrying),
    poisonedWebhook: num(r.poisoned),
    total: num(r.total),
    overdue: num(r.overdue),
  };
}
