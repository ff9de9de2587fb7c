"use client";

import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { buttonClasses } from "@/components/ui/button";
import { LinkPending } from "@/components/ui/link-pending";
import { StatusStages } from "@/components/apply/status-stages";
import { statusHeadingKey } from "@/components/apply/status-heading";
import { PageHeading } from "@/components/ui/page-heading";
import { EndedOutcome, IssuedOutcome, type OtherCard, type Support } from "@/components/apply/status-outcome";
import { IssuerRetrying, KycExpired, PollNotice } from "@/components/apply/status-notices";
import { pollTrouble } from "@/components/apply/poll-trouble";
import type { ApplicationView } from "@/lib/applications/view";
import { callApi, isApiError } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

/** The part of the server's view the tracker shows (the page passes it in first, the poll answers all of it). */
export type StatusView = Pick<
  ApplicationView,
  "id" | "reference" | "stage" | "stoppedAt" | "final" | "needsKyc" | "kyc" | "card" | "failure" | "issuerRetrying"
>;

/** Failing this long without an answer, the page says that the issuer is slow (it keeps trying). */
export const SLOW_AFTER_MS = 20_000;

type Props = {
  initial: StatusView;
  productName: string;
  /** Other open cards, offered when the application ends (lib/applications/product.ts). */
  otherCards: OtherCard[];
  /** The issued card's next step (MERCHANT_APP_URL). */
  merchantAppUrl: string | null;
  /** The merchant's support contact (SUPPORT_EMAIL, SUPPORT_URL), named where the person is told to contact it. */
  support?: Support;
  /** Back from the hosted identity check (its return link): the result is being fetched, not awaited from the person. */
  returnedFromCheck?: boolean;
};

/** Follows the application: polls every 2 s and stops on a final state (issued, rejected, failed). */
export function StatusTracker({ initial, productName, otherCards, merchantAppUrl, support, returnedFromCheck = false }: Props) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: queryKeys.status(initial.id),
    queryFn: async ({ signal }): Promise<StatusView> =>
      (await callApi<{ application: ApplicationView }>(`/api/applications/${initial.id}/status`, { signal })).application,
    initialData: initial,
    refetchInterval: (q) => (q.state.data?.final ? false : 2_000),
  });
  const view = query.data;
  const router = useRouter();
  const moved = isApiError(query.error, "APPLICATION_MOVED");
  // Moved to another device with the personal link: the page, rendered again, says where it went.
  useEffect(() => {
    if (moved) router.refresh();
  }, [moved, router]);
  const awaitingCheck = view.stage === "verifying" || (view.stage === "submitted" && view.needsKyc);
  const expired = awaitingCheck && view.kyc?.expired === true;
  const checking = returnedFromCheck && awaitingCheck && !expired;
  // Errors since the last answer (a failed poll keeps the last good data), by whose side they are on.
  const trouble = pollTrouble(
    query.fetchStatus === "paused",
    query.isError ? query.error : null,
    query.errorUpdatedAt - query.dataUpdatedAt,
    SLOW_AFTER_MS,
  );
  const lead =
    checking || expired
      ? undefined
      : view.stage === "verifying" || view.stage === "submitted"
        ? t("apply.status.verifyingLead")
        : view.stage === "approving"
          ? t("apply.status.approvingLead")
          : view.stage === "issuing"
            ? t("apply.status.issuingLead")
            : undefined;

  return (
    <div className="flex flex-col gap-6">
      {/* Follows the stage as it changes; back from the hosted check the page starts at it, as after a navigation. */}
      <PageHeading className="text-3xl font-bold" focusOnLoad={returnedFromCheck}>
        {t(statusHeadingKey(view.stage))}
      </PageHeading>
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
        {checking ? (
          <Alert tone="info" title={t("apply.flow.checkingHeading")}>
            {t("apply.flow.checkingLead")}
          </Alert>
        ) : null}
        {expired ? <KycExpired applicationId={view.id} /> : null}
        {lead ? <p>{lead}</p> : null}
        {view.issuerRetrying && !view.final ? <IssuerRetrying /> : null}
        {awaitingCheck && !checking && !expired ? (
          <Link href={`/apply/${view.id}/verify`} className={buttonClasses("secondary", "md", "self-start")}>
            {t("apply.status.verifyAgain")}
            <LinkPending />
          </Link>
        ) : null}
        {view.stage === "issued" ? <IssuedOutcome merchantAppUrl={merchantAppUrl} /> : null}
        {view.stage === "rejected" || view.stage === "failed" ? (
          <EndedOutcome ending={view} otherCards={otherCards} support={support} />
        ) : null}
        <PollNotice trouble={trouble} />
        {!view.final ? <p className="text-sm text-fg-muted">{t("apply.status.live")}</p> : null}
      </div>
    </div>
  );
}
