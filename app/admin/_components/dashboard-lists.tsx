import Link from "next/link";
import { BarChart } from "@/app/admin/_components/bar-chart";
import { formatters } from "@/app/admin/_components/dashboard-funnel";
import { DashboardPanel } from "@/app/admin/_components/dashboard-panel";
import { DataTable } from "@/components/ui/data-table";
import type { AttentionCounts, RefusalReason } from "@/lib/admin/dashboard/figures";
import { APPLICATION_STATES, type ApplicationState } from "@/lib/applications/state-machine";
import type { Translate } from "@/lib/i18n/translate";
import { STEP_IDS, type StepId } from "@/lib/requirements/types";

// The dashboard's counts: applications by state, needs attention (links into the work queue), where idle drafts
// stopped, refusal reasons.

type Props = { t: Translate; locale: string };
const queueHref = (params: Record<string, string | undefined>) => {
  const q = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return `/admin/applications?${q.toString()}`;
};

const tile = "flex items-baseline justify-between gap-3 rounded-control border border-border bg-surface-muted/40 px-3 py-2";

export function StatesPanel({
  counts,
  filter,
  t,
  locale,
}: Props & { counts: Partial<Record<ApplicationState, number>>; filter: { from: string; to: string; product?: string } }) {
  const f = formatters(t, locale);
  const total = Object.values(counts).reduce((s, n) => s + (n ?? 0), 0);
  return (
    <DashboardPanel id="states" heading={t("admin.dashboard.states.heading")} lead={t("admin.dashboard.states.lead")}>
      <ul className="grid gap-2 sm:grid-cols-2 xl:grid-cols-3">
        <li className={tile}>
          <Link href={queueHref(filter)} className="font-semibold">
            {t("admin.dashboard.states.total")}
          </Link>
          <span className="text-xl font-bold tabular-nums">{f.number(total)}</span>
        </li>
        {APPLICATION_STATES.map((state) => (
          <li key={state} className={tile}>
            <Link href={queueHref({ state, ...filter })} className="font-semibold">
              {t(`admin.states.${state}`)}
            </Link>
            <span className="text-xl font-bold tabular-nums">{f.number(counts[state] ?? 0)}</span>
          </li>
        ))}
      </ul>
    </DashboardPanel>
  );
}

const ATTENTION: Array<{ key: keyof Omit<AttentionCounts, "total" | "overdue">; state?: ApplicationState }> = [
  { key: "failed", state: "failed" },
  { key: "kycRejected", state: "kyc_rejected" },
  { key: "kycWaiting", state: "kyc_pending" },
  { key: "issuanceRetrying", state: "card_issuing" },
  // Not a state: it opens the event itself (or the inbox's poisoned events), whose page links its application.
  { key: "poisonedWebhook" },
];

export function AttentionPanel({
  counts,
  hours,
  poisonedHref,
  cap,
  t,
  locale,
}: Props & { counts: AttentionCounts; hours: number; poisonedHref: string; cap: number }) {
  const f = formatters(t, locale);
  return (
    <DashboardPanel id="attention" heading={t("admin.dashboard.attention.heading")} lead={t("admin.dashboard.attention.lead")}>
      <ul className="flex flex-col gap-2">
        {ATTENTION.map(({ key, state }) => (
          <li key={key} className={tile}>
            <Link href={key === "poisonedWebhook" ? poisonedHref : queueHref({ attention: "1", state })}>
              {t(`admin.dashboard.attention.reasons.${key}`)}
            </Link>
            <span className="text-lg font-bold tabular-nums">{f.upTo(counts[key], cap)}</span>
          </li>
        ))}
        <li className={tile}>
          <Link href={queueHref({ attention: "1" })} className="font-semibold">
            {t("admin.dashboard.attention.total")}
          </Link>
          <span className="text-xl font-bold tabular-nums" data-testid="attention-total">
            {f.upTo(counts.total, cap)}
          </span>
        </li>
        <li className={tile}>
          <Link href={queueHref({ overdue: "1" })}>{t("admin.dashboard.attention.overdue", { hours })}</Link>
          <span className="text-lg font-bold tabular-nums">{f.upTo(counts.overdue, cap)}</span>
        </li>
      </ul>
    </DashboardPanel>
  );
}

const isStep = (s: string): s is StepId => (STEP_IDS as readonly string[]).includes(s);

export function AbandonedPanel({ rows, t, locale }: Props & { rows: Array<{ step: string; count: number }> }) {
  const f = formatters(t, locale);
  const label = (step: string) =>
    t(
      step === "none"
        ? "admin.dashboard.abandoned.steps.none"
        : isStep(step)
          ? `admin.dashboard.abandoned.steps.${step}`
          : "admin.dashboard.abandoned.steps.other",
    );
  return (
    <DashboardPanel
      id="abandoned"
      heading={t("admin.dashboard.abandoned.heading")}
      lead={t("admin.dashboard.abandoned.lead")}
      tableLabel={t("admin.dashboard.showTable")}
      table={
        <DataTable
          caption={t("admin.dashboard.abandoned.caption")}
          rows={rows}
          rowKey={(r) => r.step}
          empty={t("admin.dashboard.none")}
          columns={[
            { key: "step", header: t("admin.dashboard.abandoned.columns.step"), cell: (r) => label(r.step) },
            { key: "n", header: t("admin.dashboard.abandoned.columns.count"), cell: (r) => f.number(r.count), className: "text-right" },
          ]}
        />
      }
    >
      <BarChart
        title={t("admin.dashboard.abandoned.caption")}
        bars={rows.map((r) => ({ key: r.step, label: label(r.step), value: r.count, valueText: f.number(r.count) }))}
      />
    </DashboardPanel>
  );
}

export function RefusalsPanel({ rows, t, locale }: Props & { rows: Array<{ reason: RefusalReason; count: number }> }) {
  const f = formatters(t, locale);
  const label = (r: RefusalReason) => t(`admin.dashboard.refusals.reasons.${r}`);
  return (
    <DashboardPanel
      id="refusals"
      heading={t("admin.dashboard.refusals.heading")}
      lead={t("admin.dashboard.refusals.lead")}
      tableLabel={t("admin.dashboard.showTable")}
      table={
        <DataTable
          caption={t("admin.dashboard.refusals.caption")}
          rows={rows}
          rowKey={(r) => r.reason}
          empty={t("admin.dashboard.none")}
          columns={[
            { key: "reason", header: t("admin.dashboard.refusals.columns.reason"), cell: (r) => label(r.reason) },
            { key: "n", header: t("admin.dashboard.refusals.columns.count"), cell: (r) => f.number(r.count), className: "text-right" },
          ]}
        />
      }
    >
      <BarChart
        title={t("admin.dashboard.refusals.caption")}
        bars={rows.map((r) => ({ key: r.reason, label: label(r.reason), value: r.count, valueText: f.number(r.count) }))}
      />
    </DashboardPanel>
  );
}
