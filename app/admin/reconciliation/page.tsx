import type { Metadata } from "next";
import Link from "next/link";
import { FindingsTable } from "@/app/admin/reconciliation/_components/findings-table";
import { RunsTable, RunSummary } from "@/app/admin/reconciliation/_components/run-summary";
import { ReconAction } from "@/app/admin/reconciliation/_components/recon-action";
import { RunNote } from "@/app/admin/reconciliation/_components/run-note";
import { Alert } from "@/components/ui/alert";
import { FIXABLE_KINDS, reconciliationReport } from "@/lib/admin/ops/reconciliation";
import { can } from "@/lib/auth/roles";
import { requireStaffPage } from "@/lib/auth/current-staff";
import { getEnv } from "@/lib/env";
import { getTranslator } from "@/lib/i18n/server";
import { staffClockOf, staffTimeFormat } from "@/lib/admin/clock";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslator()).t("admin.recon.recon.title") };
}

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

// /admin/reconciliation - every role sees the reports; work may run one and fix what it found (audited).
export default async function ReconciliationPage({ searchParams }: Props) {
  const staff = await requireStaffPage("read");
  const canWork = can(staff.role, "work");
  const chosen = (await searchParams).run;
  const { t, locale } = await getTranslator();
  const { run, findings, runs } = await reconciliationReport(typeof chosen === "string" ? chosen : undefined);
  const when = staffTimeFormat(staffClockOf(locale, staff.timeZone), "second");
  const isLatest = run?.id === runs[0]?.id;
  const fixable = findings.some((f) => !f.fixedAt && FIXABLE_KINDS.has(f.kind));
  // "The portal and the issuer agree" only when every page was compared.
  const empty = run?.error ? "noneFailed" : run?.partial ? "nonePartial" : "none";
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold">{t("admin.recon.recon.heading")}</h1>
        <p className="max-w-prose text-fg-muted">
          {t("admin.recon.recon.lead", { minutes: String(Math.round(getEnv().reconcileIntervalMs / 60_000)) })}
        </p>
        {canWork ? (
          <ReconAction endpoint="/api/admin/reconciliation/runs" kind="run" label={t("admin.recon.recon.run")} variant="primary" />
        ) : null}
      </div>
      {!run ? (
        <p className="rounded-card border border-border bg-surface p-5 text-fg-muted">{t("admin.recon.recon.noRuns")}</p>
      ) : (
        <section aria-labelledby="run-heading" className="flex flex-col gap-4">
          <h2 id="run-heading" className="text-2xl font-bold">
            {isLatest ? t("admin.recon.recon.latest") : t("admin.recon.recon.shown", { when: when.format(run.startedAt) })}
          </h2>
          {!isLatest ? <Link href="/admin/reconciliation">{t("admin.recon.recon.backToLatest")}</Link> : null}
          <RunNote run={run} t={t} numbers={new Intl.NumberFormat(locale)} />
          <RunSummary run={run} t={t} when={when} />
          <h3 className="text-xl font-semibold">{t("admin.recon.recon.findings.heading")}</h3>
          {findings.some((f) => f.kind === "unknown_cardholder") ? <Alert>{t("admin.recon.recon.unknownNote")}</Alert> : null}
          {canWork && fixable ? (
            <ReconAction endpoint={`/api/admin/reconciliation/runs/${run.id}/fix`} kind="fixAll" label={t("admin.recon.recon.fixAll")} />
          ) : null}
          <FindingsTable
            findings={findings}
            t={t}
            locale={locale}
            timeZone={staff.timeZone ?? null}
            canWork={canWork}
            empty={t(`admin.recon.recon.findings.${empty}`)}
          />
        </section>
      )}
      {runs.length > 1 ? (
        <section aria-labelledby="older-heading" className="flex flex-col gap-4">
          <h2 id="older-heading" className="text-2xl font-bold">
            {t("admin.recon.recon.older")}
          </h2>
          <RunsTable runs={runs.slice(1)} t={t} when={when} />
        </section>
      ) : null}
    </div>
  );
}
