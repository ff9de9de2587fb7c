import "server-only";
import {
  abandonedOf,
  funnelOf,
  refusalsOf,
  sinceYesterdayFigures,
  sinceYesterdayOf,
  stageTimingsOf,
  type Period,
} from "@/lib/admin/dashboard/figures";
import { fundingBalance, isBalanceLow, openingsOf, parseBalances, type Balance, type Openings } from "@/lib/admin/dashboard/balance";
import { getDb } from "@/lib/db";
import { cohortCountsOf } from "@/lib/admin/dashboard/cohort";
import { attentionCounts, movementCounts, recentDraftsByStep, type DashboardScope } from "@/lib/db/dashboard";
import { sampleRateFor, stageTimings } from "@/lib/db/dashboard-timings";
import { QUEUE_COUNT_CAP } from "@/lib/db/queue-counts";
import { tallies } from "@/lib/db/tallies";
import { newestPoisonedEvents } from "@/lib/db/webhook-inspector";
import { overdueBefore } from "@/lib/db/work-queue";
import type { Database } from "@/lib/db/types";
import { getEnv } from "@/lib/env";
import { getIssuer, getProducts } from "@/lib/issuer";
import { getBalance } from "@/lib/issuer/resources/account";
import { log } from "@/lib/log";

// What the dashboard shows, loaded on the server: the figures from the database, and the issuer's balance apart
// (it may be slow or down; the page streams it so the rest never waits for it).

/** The needs-attention counts stop here, as the queue's tabs do: the pile past it is "10,000+", not a second's count. */
export const ATTENTION_COUNT_CAP = QUEUE_COUNT_CAP;

/** A draft untouched this long counts as abandoned. */
export const ABANDONED_AFTER_MS = 24 * 3_600_000;

export async function dashboardFigures(
  db: Database,
  period: Period,
  productId: string | undefined,
  now: Date,
  attentionHours: number,
  timeZone?: string,
  exactTimingsUpTo?: number,
) {
  const scope: DashboardScope = { from: period.start, to: period.end, productId };
  const window = sinceYesterdayOf(now, timeZone);
  const idleSince = new Date(now.getTime() - ABANDONED_AFTER_MS);
  // The counts first: their size says whether the stage times are read off every application or off a sample.
  const timed = tallies(db, scope).then(async (rows) => {
    const counts = cohortCountsOf(rows);
    return { counts, timings: await stageTimings(db, scope, sampleRateFor(counts.started, exactTimingsUpTo)) };
  });
  const [{ counts, timings }, recentDrafts, attention, moved, poisoned] = await Promise.all([
    timed,
    recentDraftsByStep(db, scope, idleSince),
    attentionCounts(db, now, overdueBefore(now, attentionHours), ATTENTION_COUNT_CAP),
    movementCounts(db, window),
    newestPoisonedEvents(db, 2),
  ]);
  return {
    states: counts.states,
    funnel: funnelOf(counts),
    timings: stageTimingsOf({ ...counts, ...timings }),
    /** 1: the stage times are of every application of the period; n: of one in n, at random. */
    timingsOneIn: timings.oneIn,
    abandoned: abandonedOf(counts.draftsByStep, recentDrafts),
    refusals: refusalsOf(counts.refusals),
    attention,
    /** Where "a webhook event could not be processed" leads: that event when it is the only one, else the inbox filtered. */
    poisonedHref: poisoned.length === 1 ? `/admin/webhooks/${encodeURIComponent(poisoned[0] ?? "")}` : "/admin/webhooks?state=poisoned",
    /** The morning check; "needs a person" is the attention total (the work queue's rule), now. */
    sinceYesterday: { window, figures: sinceYesterdayFigures(moved), needsPerson: attention.total, needsPersonCap: ATTENTION_COUNT_CAP },
    attentionHours,
    /** A needs-attention count above this reads "10,000+" (each is counted up to it). */
    attentionCap: ATTENTION_COUNT_CAP,
  };
}
export type DashboardFigures = Awaited<ReturnType<typeof dashboardFigures>>;

export const loadDashboard = async (period: Period, productId: string | undefined, timeZone?: string) =>
  dashboardFigures(await getDb(), period, productId, new Date(), getEnv().attentionHours, timeZone);

export type BalanceView =
  | { ok: true; balances: Balance[]; funding: Balance | undefined; low: boolean; threshold: number | undefined; openings: Openings[] }
  | { ok: false };

/** The issuer's balance now, and the card openings it covers; `{ ok: false }` when the issuer does not answer usably. */
export async function loadBalance(): Promise<BalanceView> {
  try {
    const [raw, products] = await Promise.all([getBalance(getIssuer()), getProducts().catch(() => [])]);
    const balances = parseBalances(raw);
    if (!balances) {
      log.warn("dashboard.balance_unreadable", {});
      return { ok: false };
    }
    const funding = fundingBalance(balances);
    const threshold = getEnv().balanceWarningMajorUnits;
    return { ok: true, balances, funding, low: isBalanceLow(funding, threshold), threshold, openings: openingsOf(balances, products) };
  } catch (error) {
    log.warn("dashboard.balance_failed", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false };
  }
}
