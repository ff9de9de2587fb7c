"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { StatusStages } from "@/components/apply/status-stages";
import { EndedOutcome, IssuedOutcome, type OtherCard } from "@/components/apply/status-outcome";
import type { ProgressStage, Stage } from "@/lib/applications/stages";
import { applicationKeys } from "@/components/apply/query-keys";

export type StatusView = {
  id: string;
  /** The short reference people read out ("K7QF-2M9X"), the same everywhere it shows. */
  reference: string;
  stage: Stage;
  stoppedAt: ProgressStage | null;
  final: boolean;
  needsKyc: boolean;
  kyc: { expiresAt: string; expired: boolean } | null;
  card: { id: string; status: string | null } | null;
  failure: { code: string; messageKey: string } | null;
};

async function fetchStatus(id: string): Promise<StatusView> {
  const response = await fetch(`/api/applications/${id}/status`, { cache: "no-store" });
  if (!response.ok) throw new Error(`status ${response.status}`);
  return ((await response.json()) as { application: StatusView }).application;
}

type TrackerProps = { initial: StatusView; productName: string; otherCards: OtherCard[]; merchantAppUrl: string | null };

/** Follows the application: polls every 2 s and stops on a final state (issued, rejected, failed). */
export function StatusTracker({ initial, productName, otherCards, merchantAppUrl }: TrackerProps) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: applicationKeys.status(initial.id),
    queryFn: () => fetchStatus(initial.id),
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.final ? false : 2_000),
  });
  const view = query.data;
  const lead =
    view.stage === "verifying" || view.stage === "submitted"
      ? t("apply.status.verifyingLead")
      : view.stage === "approving"
        ? t("apply.status.approvingLead")
        : view.stage === "issuing"
          ? t("apply.status.issuingLead")
          : undefined;

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold">{t("apply.status.product")}</dt>
        <dd>{productName}</dd>
        <dt className="font-semibold">{t("apply.status.reference")}</dt>
        <dd>
          <span className="font-mono font-semibold tracking-wider">{view.reference}</span>
          <span className="block text-fg-muted">{t("applyReview.status.referenceHint")}</span>
        </dd>
      </dl>
      <StatusStages stage={view.stage} needsKyc={view.needsKyc} stoppedAt={view.stoppedAt} />
      <div aria-live="polite" className="flex flex-col gap-4">
        {view.stage === "draft" ? (
          <Alert tone="info" title={t("apply.status.draft")}>
            <Link href={`/apply/${view.id}`}>{t("apply.status.continueForm")}</Link>
          </Alert>
        ) : null}
        {lead ? <p>{lead}</p> : null}
        {view.stage === "verifying" || (view.stage === "submitted" && view.needsKyc) ? (
          <Link href={`/apply/${view.id}/verify`} className={buttonClasses("secondary", "md", "self-start")}>
            {t("apply.status.verifyAgain")}
          </Link>
        ) : null}
        {view.stage === "issued" ? <IssuedOutcome merchantAppUrl={merchantAppUrl} /> : null}
        {view.stage === "rejected" || view.stage === "failed" ? <EndedOutcome ending={view} otherCards={otherCards} /> : null}
        {query.isError ? <Alert tone="warning">{t("apply.status.refreshFailed")}</Alert> : null}
        {!view.final ? <p className="text-sm text-fg-muted">{t("apply.status.live")}</p> : null}
      </div>
    </div>
  );
}
