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

const outcomeOf = (t: Translate, run: ReconciliationRun) =>
  !run.finishedAt
    ? t("admin.recon.recon.stillRunning")
    : run.error
      ? t("admin.recon.recon.summary.failed")
      : t("admin.recon.recon.summary.ok");

/** One run: when, who, how much was compared, what it found. */
export function RunSummary({ run, t, when }: Props) {
  const s = (key: "started" | "finished" | "trigger" | "cardholders" | "applications" | "outcome") => t(`admin.recon.recon.summary.${key}`);
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
        { key: "cardholders", label: s("cardholders"), value: String(run.cardholdersSeen) },
        { key: "applications", label: s("applications"), value: String(run.applicationsSeen) },
        { key: "unknown", label: t("admin.recon.recon.counts.unknown"), value: String(run.unknownCardholders) },
        { key: "lagging", label: t("admin.recon.recon.counts.lagging"), value: String(run.laggingStates) },
        { key: "cards", label: t("admin.recon.recon.counts.cards"), value: String(run.unrecordedCards) },
        { key: "outcome", label: s("outcome"), value: outcomeOf(t, run) },
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
        `${t("admin.recon.recon.counts.unknown")} ${r.unknownCardholders} · ${t("admin.recon.recon.counts.lagging")} ${r.laggingStates} · ${t("admin.recon.recon.counts.cards")} ${r.unrecordedCards}`,
    },
    { key: "outcome", header: c("outcome"), cell: (r) => outcomeOf(t, r) },
  ];
  return <DataTable caption={t("admin.recon.recon.olderCaption")} columns={columns} rows={runs} rowKey={(r) => r.id} empty="—" />;
}
