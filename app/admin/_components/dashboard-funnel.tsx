import { BarChart } from "@/app/admin/_components/bar-chart";
import { DashboardPanel } from "@/app/admin/_components/dashboard-panel";
import { DataTable } from "@/components/ui/data-table";
import { durationParts, type FunnelStep, type StageTiming, type StageTimingKey } from "@/lib/admin/dashboard/figures";
import type { Translate } from "@/lib/i18n/translate";

// The funnel (chart and its visible table: the conversions are the point) and the time per stage.

type Props = { t: Translate; locale: string };

export function formatters(t: Translate, locale: string) {
  const number = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 1 });
  const share = (v: number | null) => (v === null ? t("admin.dashboard.none") : percent.format(v));
  const duration = (seconds: number | null) =>
    seconds === null
      ? t("admin.dashboard.none")
      : durationParts(seconds)
          .map((p) => t(`admin.dashboard.timings.units.${p.unit}`, { value: number.format(p.value) }))
          .join(" ");
  // A count stopped at its cap (lib/db/dashboard.ts answers cap + 1 beyond it) reads "10,000+".
  const upTo = (n: number, cap: number) => (n > cap ? `${number.format(cap)}+` : number.format(n));
  return { number: (n: number) => number.format(n), upTo, share, duration };
}

export function FunnelPanel({ steps, t, locale }: Props & { steps: FunnelStep[] }) {
  const f = formatters(t, locale);
  const label = (s: FunnelStep) => t(`admin.dashboard.funnel.stages.${s.stage}`);
  const bars = steps.map((s) => ({
    key: s.stage,
    label: label(s),
    value: s.count,
    valueText: `${f.number(s.count)} · ${f.share(s.ofStarted)}`,
  }));
  return (
    <DashboardPanel
      id="funnel"
      heading={t("admin.dashboard.funnel.heading")}
      lead={t("admin.dashboard.funnel.lead")}
      table={
        <div className="mt-4">
          <DataTable
            caption={t("admin.dashboard.funnel.caption")}
            rows={steps}
            rowKey={(s) => s.stage}
            empty={t("admin.dashboard.none")}
            columns={[
              { key: "stage", header: t("admin.dashboard.funnel.columns.stage"), cell: label },
              { key: "count", header: t("admin.dashboard.funnel.columns.count"), cell: (s) => f.number(s.count), className: "text-right" },
              {
                key: "conv",
                header: t("admin.dashboard.funnel.columns.conversion"),
                cell: (s) => f.share(s.conversion),
                className: "text-right",
              },
              {
                key: "drop",
                header: t("admin.dashboard.funnel.columns.dropOff"),
                cell: (s) => f.number(s.dropOff),
                className: "text-right",
              },
              {
                key: "of",
                header: t("admin.dashboard.funnel.columns.ofStarted"),
                cell: (s) => f.share(s.ofStarted),
                className: "text-right",
              },
            ]}
          />
        </div>
      }
    >
      <BarChart bars={bars} title={t("admin.dashboard.funnel.caption")} />
    </DashboardPanel>
  );
}

type Timing = { key: StageTimingKey } & StageTiming;

/** `oneIn` > 1: the times are of a random sample of the period's applications (lib/db/dashboard-timings.ts), said above the chart. */
export function TimingsPanel({ timings, oneIn = 1, t, locale }: Props & { timings: Timing[]; oneIn?: number }) {
  const f = formatters(t, locale);
  const label = (s: Timing) => t(`admin.dashboard.timings.stages.${s.key}`);
  const bars = timings.map((s) => ({
    key: s.key,
    label: label(s),
    value: s.median ?? 0,
    valueText: f.duration(s.median),
    secondary: { value: s.p90 ?? 0, valueText: f.duration(s.p90) },
  }));
  return (
    <DashboardPanel
      id="timings"
      heading={t("admin.dashboard.timings.heading")}
      lead={t("admin.dashboard.timings.lead")}
      tableLabel={t("admin.dashboard.showTable")}
      table={
        <DataTable
          caption={t("admin.dashboard.timings.caption")}
          rows={timings}
          rowKey={(s) => s.key}
          empty={t("admin.dashboard.none")}
          columns={[
            { key: "stage", header: t("admin.dashboard.timings.columns.stage"), cell: label },
            { key: "n", header: t("admin.dashboard.timings.columns.samples"), cell: (s) => f.number(s.samples), className: "text-right" },
            { key: "p50", header: t("admin.dashboard.timings.columns.median"), cell: (s) => f.duration(s.median), className: "text-right" },
            { key: "p90", header: t("admin.dashboard.timings.columns.p90"), cell: (s) => f.duration(s.p90), className: "text-right" },
          ]}
        />
      }
    >
      {oneIn > 1 && (
        <p className="mb-2 text-sm text-fg-muted" data-testid="timings-sampled">
          {t("admin.dashboard.timings.sampled", { oneIn: f.number(oneIn) })}
        </p>
      )}
      <p className="mb-2 flex flex-wrap gap-4 text-sm" aria-hidden="true">
        <span className="flex items-center gap-2">
          <span className="inline-block h-3 w-5 rounded-sm bg-brand" />
          {t("admin.dashboard.timings.legendMedian")}
        </span>
        <span className="flex items-center gap-2">
          <span className="inline-block h-2 w-5 rounded-sm bg-fg-muted" />
          {t("admin.dashboard.timings.legendP90")}
        </span>
      </p>
      <BarChart bars={bars} title={t("admin.dashboard.timings.caption")} />
    </DashboardPanel>
  );
}
