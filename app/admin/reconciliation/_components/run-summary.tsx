import Link from "next/link";
import { DataTable, type Column } from "@/components/ui/data-table";
import { SummaryList } from "@/components/ui/summary-list";
import type { ReconciliationRun } from "@/lib/admin/ops/reconciliation";
import type { Translate } from "@/lib/i18n/translate";

type Props = { run: ReconciliationRun; t: Translate; when: Intl.DateTimeFormat };

const triggerOf = (t: Translate, run: ReconciliationRun) =>
  run.trigger === "manual"
    ? t("admin.recon.recon.trigger.manual", { staff: run.staffEmail ?? "—" })
    : t("admin.recon.recon.trigger.schedule");

/** Failed (nothing compared), partial (cut short) or completed: never "completed" for a run that was not. */
const outcomeOf = (t: Translate, run: ReconciliationRun) =>
  !run.finishedAt
    ? t("admin.recon.recon.stillRunning")
    : run.error
      ? t("admin.recon.recon.summary.failed")
      : run.partial
        ? t("admin.recon.recon.summary.partial")
        : t("admin.recon.recon.summary.ok");

/** One run: when, who, how much was compared, what it found. */
export function RunSummary({ run, t, when }: Props) {
  const s = (key: "started" | "finished" | "trigger" | "cardholders" | "applications" | "outcome" | "issuerTotal") =>
    t(`admin.recon.recon.summary.${key}`);
  // A failed run compared nothing: its counts are not shown as zeros.
  const count = (n: number | null) => (run.error || n === null ? "—" : String(n));
  return (
    <SummaryList
      rows={[
        { key: "started", label: s("started"), value: <time dateTime={run.startedAt.toISOString()}>{when.format(run.startedAt)}</time> },
        {
          key: "finished",
          label: s("finished"),
          value: run.finishedAt ? <time dateTime={run.finishedAt.toISOString()}>{when.format(run.finishedAt)}</time> : null,
        },
        { key: "trigger", label: s("trigger"), value: triggerOf(t, run) },
        { key: "outcome", label: s("outcome"), value: outcomeOf(t, run) },
        { key: "total", label: s("issuerTotal"), value: count(run.issuerTotal) },
        { key: "cardholders", label: s("cardholders"), value: count(run.cardholdersSeen) },
        { key: "applications", label: s("applications"), value: count(run.applicationsSeen) },
        { key: "unknown", label: t("admin.recon.recon.counts.unknown"), value: count(run.unknownCardholders) },
        { key: "lagging", label: t("admin.recon.recon.counts.lagging"), value: count(run.laggingStates) },
        { key: "cards", label: t("admin.recon.recon.counts.cards"), value: count(run.unrecordedCards) },
        { key: "missing", label: t("admin.recon.recon.counts.missingCardholders"), value: count(run.missingCardholders) },
        { key: "missingCards", label: t("admin.recon.recon.counts.missingCards"), value: count(run.missingCards) },
      ]}
    />
  );
}

/** Earlier runs, each a link to its report. */
export function RunsTable({ runs, t, when }: { runs: ReconciliationRun[]; t: Translate; when: Intl.DateTimeFormat }) {
  const c = (key: "started" | "trigger" | "found" | "outcome") => t(`admin.recon.recon.columns.${key}`);
  const columns: Column<ReconciliationRun>[] = [
    {
      key: "started",
      header: c("started"),
      className: "whitespace-nowrap",
      cell: (r) => (
        <Link href={`/admin/reconciliation?run=${r.id}`}>
          <time dateTime={r.startedAt.toISOString()}>{when.format(r.startedAt)}</time>
        </Link>
      ),
    },
    { key: "trigger", header: c("trigger"), cell: (r) => <span className="break-all">{triggerOf(t, r)}</span> },
    {
      key: "found",
      header: c("found"),
      cell: (r) =>
        r.error
          ? "—"
          : [
              `${t("admin.recon.recon.counts.unknown")} ${r.unknownCardholders}`,
              `${t("admin.recon.recon.counts.lagging")} ${r.laggingStates}`,
              `${t("admin.recon.recon.counts.cards")} ${r.unrecordedCards}`,
              `${t("admin.recon.recon.counts.missingCardholders")} ${r.missingCardholders}`,
              `${t("admin.recon.recon.counts.missingCards")} ${r.missingCards}`,
            ].join(" · "),
    },
    { key: "outcome", header: c("outcome"), cell: (r) => outcomeOf(t, r) },
  ];
  return <DataTable caption={t("admin.recon.recon.olderCaption")} columns={columns} rows={runs} rowKey={(r) => r.id} empty="—" />;
}
