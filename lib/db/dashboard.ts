import "server-only";
import { sql, type SQL } from "drizzle-orm";
import { ATTENTION_STATES, ISSUANCE_RETRY_ATTENTION_MS, KYC_WAIT_ATTENTION_MS, attentionSql } from "@/lib/db/work-queue";
import { rowsOf } from "@/lib/db/rows";
import type { StageTimings } from "@/lib/db/dashboard-timings";
import type { Database } from "@/lib/db/types";

// The operations dashboard's queries (lib/admin/dashboard/figures.ts turns them into figures). Every figure but the
// "needs attention" counts is about the cohort: applications started (created) in [from, to), of one product or all.

export type DashboardScope = { from: Date; to: Date; productId?: string };
export type { StageTiming } from "@/lib/db/dashboard-timings";

/** The funnel's counts and the stage times of a period (lib/admin/dashboard/cohort.ts, lib/db/dashboard-timings.ts). */
export type MilestoneRow = Record<"started" | "submitted" | "verified" | "approved" | "issued", number> & Omit<StageTimings, "oneIn">;

const num = (v: string | number | null | undefined): number => Number(v ?? 0);

/**
 * Drafts of the period saved since `since`, per last step saved (null: none saved yet): the drafts of the period
 * (from the tallies) less these are the abandoned ones. Read off applications_state_idx (state, updated_at).
 */
export async function recentDraftsByStep(
  db: Database,
  scope: DashboardScope,
  since: Date,
): Promise<Array<{ step: string | null; count: number }>> {
  const result = await db.execute(sql`
    select a.last_step as step, count(*) as n from applications a
    where a.state = 'draft' and a.updated_at >= ${since.toISOString()}::timestamptz
      and a.created_at >= ${scope.from.toISOString()}::timestamptz and a.created_at < ${scope.to.toISOString()}::timestamptz
      ${scope.productId ? sql`and a.product_id = ${scope.productId}` : sql``}
    group by a.last_step`);
  return rowsOf<{ step: string | null; n: string | number }>(result).map((r) => ({ step: r.step, count: Number(r.n) }));
}

/**
 * Applications that moved in [start, end), in [previousStart, previousEnd) and in [end, now): arrived (submitted), finished (card
 * issued), failed (failed or identity check rejected); each application once per figure, from the timeline. One pass:
 * each move tagged with its figure and window, made distinct once (nine distinct counts sorted 42,000 rows each).
 */
export async function movementCounts(db: Database, w: { start: Date; end: Date; previousStart: Date; previousEnd: Date; now: Date }) {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const within = (from: Date, to: Date) => sql`e.created_at >= ${at(from)} and e.created_at < ${at(to)}`;
  const result = await db.execute(sql`
    select figure, span, count(*)::integer as n from (
      select distinct e.application_id,
        case when e.from_state = 'draft' and e.to_state = 'submitted' then 'arrived'
          when e.from_state is distinct from e.to_state and e.to_state = 'card_issued' then 'finished'
          when e.from_state is distinct from e.to_state and e.to_state in ('failed', 'kyc_rejected') then 'failed' end as figure,
        case when ${within(w.start, w.end)} then 'yesterday' when ${within(w.previousStart, w.previousEnd)} then 'before'
          when ${within(w.end, w.now)} then 'today' end as span
      from application_events e
      where e.created_at >= ${at(w.previousStart)} and e.created_at < ${at(w.now)}
        and e.to_state in ('submitted', 'card_issued', 'failed', 'kyc_rejected')
    ) moves where figure is not null and span is not null group by figure, span`);
  const counts = new Map(
    rowsOf<{ figure: string; span: string; n: number | string }>(result).map((r) => [`${r.figure} ${r.span}`, num(r.n)]),
  );
  const pair = (name: string) => ({
    current: counts.get(`${name} yesterday`) ?? 0,
    previous: counts.get(`${name} before`) ?? 0,
    today: counts.get(`${name} today`) ?? 0,
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
 * them, each up to `cap` (answered as cap + 1 beyond it; none: exact). The pile's own states are read off their partial
 * covering index (applications_attention_idx), any other state only through a poisoned event's cardholder, so no
 * count reads the whole table, and a capped one at most cap + 1 entries (280,000 in the pile took 400 ms to count).
 */
export async function attentionCounts(db: Database, now: Date, overdueBefore?: Date, cap?: number): Promise<AttentionCounts> {
  const kycBefore = new Date(now.getTime() - KYC_WAIT_ATTENTION_MS).toISOString();
  const claimBefore = new Date(now.getTime() - ISSUANCE_RETRY_ATTENTION_MS).toISOString();
  const states = sql.join(
    ATTENTION_STATES.map((s) => sql`${s}`),
    sql`, `,
  );
  const poisoned = sql`cardholder_id in (select w.cardholder_id from webhook_inbox w where w.state = 'poisoned')`;
  const limit = cap === undefined ? sql.raw("all") : sql`${cap + 1}`;
  const upTo = (where: SQL) =>
    sql`(select count(*) from (select 1 from applications where ${where} and ${attentionSql(now)} limit ${limit}) c)::int`;
  const pile = (extra: SQL) => sql`(select count(*) from (
      select 1 from applications where state in (${states}) and ${extra} and ${attentionSql(now)}
      union all
      select 1 from applications where state not in (${states}) and ${poisoned} and ${extra} and ${attentionSql(now)}
      limit ${limit}) c)::int`;
  const result = await db.execute(sql`
    select ${upTo(sql`state = 'failed'`)} as failed, ${upTo(sql`state = 'kyc_rejected'`)} as kyc_rejected,
      ${upTo(sql`state = 'kyc_pending' and coalesce(submitted_at, created_at) < ${kycBefore}::timestamptz`)} as kyc_waiting,
      ${upTo(sql`state = 'card_issuing' and card_claimed_at < ${claimBefore}::timestamptz`)} as issuance_retrying,
      ${upTo(poisoned)} as poisoned, ${pile(sql`true`)} as total,
      ${overdueBefore ? pile(sql`state_since < ${overdueBefore.toISOString()}::timestamptz`) : sql`0`} as overdue`);
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
