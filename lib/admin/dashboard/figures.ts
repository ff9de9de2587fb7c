import { z } from "zod";
import { addDays, dayIn, DEFAULT_STAFF_ZONE, nextDay, zoneDayStart } from "@/lib/admin/clock";
import { dayParam, isFilterDay } from "@/lib/admin/day-filter";
import type { MilestoneRow, StageTiming } from "@/lib/db/dashboard";
import type { ApplicationState } from "@/lib/db/schema/applications";
import { STEP_IDS } from "@/lib/requirements/types";

export type { AttentionCounts, StageTiming } from "@/lib/db/dashboard";

// The dashboard's computations over what lib/db/dashboard.ts counted: the period in the URL, the funnel's
// conversions, refusal reasons, where abandoned drafts stopped. Pure, so each rule is unit tested.

export const DEFAULT_PERIOD_DAYS = 30;

/** The URL's filters; anything malformed is ignored (the default period applies), never refused. */
export const dashboardParamsSchema = z.object({
  from: dayParam,
  to: dayParam,
  product: z.string().trim().min(1).max(100).optional().catch(undefined),
});
export type DashboardParams = z.infer<typeof dashboardParamsSchema>;

/** A period of whole days in the staff member's zone: `from` and `to` as written in the URL, `end` the instant after `to`. */
export type Period = { from: string; to: string; start: Date; end: Date };

/** The chosen days, or the last 30 days up to today (in the zone); reversed bounds are put in order. */
export function periodOf(p: Pick<DashboardParams, "from" | "to">, now: Date, timeZone = DEFAULT_STAFF_ZONE): Period {
  const valid = (day: string | undefined) => (day && isFilterDay(day) ? day : undefined);
  let to = valid(p.to) ?? dayIn(now, timeZone);
  let from = valid(p.from) ?? addDays(to, -(DEFAULT_PERIOD_DAYS - 1));
  if (from > to) [from, to] = [to, from];
  return { from, to, start: zoneDayStart(from, timeZone), end: zoneDayStart(nextDay(to), timeZone) };
}

export const FUNNEL_STAGES = ["started", "submitted", "verified", "approved", "issued"] as const;
export type FunnelStage = (typeof FUNNEL_STAGES)[number];
export type FunnelStep = {
  stage: FunnelStage;
  count: number;
  /** Share of the previous stage that reached this one (null for the first stage or when the previous is 0). */
  conversion: number | null;
  /** How many of the previous stage did not reach this one. */
  dropOff: number;
  /** Share of the started applications that reached this stage. */
  ofStarted: number | null;
};

const ratio = (part: number, whole: number) => (whole > 0 ? part / whole : null);

export function funnelOf(m: Pick<MilestoneRow, FunnelStage>): FunnelStep[] {
  return FUNNEL_STAGES.map((stage, i) => {
    const previous = i > 0 ? m[FUNNEL_STAGES[i - 1] as FunnelStage] : undefined;
    return {
      stage,
      count: m[stage],
      conversion: previous === undefined ? null : ratio(m[stage], previous),
      dropOff: previous === undefined ? 0 : Math.max(0, previous - m[stage]),
      ofStarted: ratio(m[stage], m.started),
    };
  });
}

export const STAGE_TIMINGS = ["startedToSubmitted", "submittedToVerified", "verifiedToApproved", "approvedToIssued"] as const;
export type StageTimingKey = (typeof STAGE_TIMINGS)[number];
export const stageTimingsOf = (m: MilestoneRow): Array<{ key: StageTimingKey } & StageTiming> =>
  STAGE_TIMINGS.map((key) => ({ key, ...m[key] }));

/** A duration as its two largest units (d, h, min, s), each rounded down, e.g. 1 d 3 h, 4 min 10 s. */
export function durationParts(seconds: number): Array<{ unit: "d" | "h" | "min" | "s"; value: number }> {
  const s = Math.max(0, Math.round(seconds));
  const all = [
    { unit: "d" as const, value: Math.floor(s / 86_400) },
    { unit: "h" as const, value: Math.floor((s % 86_400) / 3_600) },
    { unit: "min" as const, value: Math.floor((s % 3_600) / 60) },
    { unit: "s" as const, value: s % 60 },
  ];
  const first = all.findIndex((p) => p.value > 0);
  return first === -1 ? [{ unit: "s", value: 0 }] : all.slice(first, first + 2).filter((p) => p.value > 0);
}

export const REFUSAL_REASONS = ["country_restriction", "kyc_rejected", "fields_incomplete", "cardholder_failed", "other"] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** The issuer's codes behind each reason; a rejected identity check counts as such whatever code it carries. */
export function refusalReasonOf(state: ApplicationState, code: string | null): RefusalReason {
  if (state === "kyc_rejected" || code === "CARDHOLDER_KYC_REJECTED") return "kyc_rejected";
  if (code === "COUNTRY_RESTRICTION") return "country_restriction";
  if (code === "CARDHOLDER_FIELDS_INCOMPLETE") return "fields_incomplete";
  if (code === "CARDHOLDER_FAILED") return "cardholder_failed";
  return "other";
}

export function refusalsOf(rows: Array<{ state: ApplicationState; code: string | null; count: number }>) {
  const counts = Object.fromEntries(REFUSAL_REASONS.map((r) => [r, 0])) as Record<RefusalReason, number>;
  for (const row of rows) counts[refusalReasonOf(row.state, row.code)] += row.count;
  return REFUSAL_REASONS.map((reason) => ({ reason, count: counts[reason] }));
}

/** Where idle drafts stopped (the drafts less those saved recently), in step order; "none": no step saved, an unknown step last. */
export function abandonedOf(
  drafts: Array<{ step: string | null; count: number }>,
  recent: Array<{ step: string | null; count: number }> = [],
): Array<{ step: string; count: number }> {
  const order = ["none", ...STEP_IDS] as string[];
  const counts = new Map<string, number>(order.map((s) => [s, 0]));
  const add = (step: string | null, n: number) => counts.set(step ?? "none", (counts.get(step ?? "none") ?? 0) + n);
  for (const row of drafts) add(row.step, row.count);
  for (const row of recent) add(row.step, -row.count);
  return [...counts.entries()].map(([step, count]) => ({ step, count }));
}

/**
 * The morning check's days, whole days in the staff member's zone (UTC until they have one): yesterday, the day
 * before it (the trend), and today so far. Whole days, so the two compared never overlap (a summer-time change
 * makes one 23 or 25 hours long, as the staff member lived it).
 */
export function sinceYesterdayOf(now: Date, timeZone = DEFAULT_STAFF_ZONE): SinceYesterdayWindow {
  const today = dayIn(now, timeZone);
  const start = zoneDayStart(addDays(today, -1), timeZone);
  const end = zoneDayStart(today, timeZone);
  return { start, end, previousStart: zoneDayStart(addDays(today, -2), timeZone), previousEnd: start, now };
}
export type SinceYesterdayWindow = { start: Date; end: Date; previousStart: Date; previousEnd: Date; now: Date };

export type Trend = { delta: number; direction: "up" | "down" | "same" };

/** A figure against the previous period: the difference and its direction (said in words on the page). */
export function trendOf(current: number, previous: number): Trend {
  const delta = current - previous;
  return { delta, direction: delta > 0 ? "up" : delta < 0 ? "down" : "same" };
}

export const SINCE_YESTERDAY_FIGURES = ["arrived", "finished", "failed"] as const;
export type SinceYesterdayFigure = (typeof SINCE_YESTERDAY_FIGURES)[number];

/** Each figure of yesterday with its trend against the day before, and today so far. */
export const sinceYesterdayFigures = (counts: Record<SinceYesterdayFigure, { current: number; previous: number; today: number }>) =>
  SINCE_YESTERDAY_FIGURES.map((figure) => {
    const c = counts[figure];
    return { figure, count: c.current, trend: trendOf(c.current, c.previous), today: c.today };
  });
