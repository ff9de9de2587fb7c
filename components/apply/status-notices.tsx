"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { ApplicationView } from "@/lib/applications/view";
import { callApi } from "@/lib/client/api";
import type { PollTrouble } from "@/components/apply/poll-trouble";

/** The notice for a failing poll, naming whose side it is on. */
export function PollNotice({ trouble }: { trouble: PollTrouble }) {
  const { t } = useI18n();
  if (trouble === "offline")
    return (
      <Alert tone="warning" title={t("apply.flow.offlineHeading")}>
        {t("apply.flow.offlineLead")}
      </Alert>
    );
  if (trouble === "issuerSlow")
    return (
      <Alert tone="warning" title={t("apply.flow.slowHeading")}>
        {t("apply.flow.slowLead")}
      </Alert>
    );
  if (trouble === "issuerFailing") return <Alert tone="warning">{t("apply.status.refreshFailed")}</Alert>;
  if (trouble === "portal") return <Alert tone="warning">{t("apply.flow.portalSlow")}</Alert>;
  return null;
}

/** Approved, and the issuer has not answered the card's creation yet (it is asked again and again). */
export function IssuerRetrying() {
  const { t } = useI18n();
  return (
    <Alert tone="warning" title={t("apply.flow.issuerRetryingHeading")}>
      {t("apply.flow.issuerRetryingLead")}
    </Alert>
  );
}

/** An identity check link that expired before the check was done: said first, with the one way on. */
export function KycExpired({ applicationId }: { applicationId: string }) {
  const { t } = useI18n();
  const router = useRouter();
  const renewal = useMutation({
    mutationFn: () => callApi<{ application: ApplicationView }>(`/api/applications/${applicationId}/kyc-link`, { json: { renew: true } }),
    // The verify page shows the new link (the API never carries it: a bearer link).
    onSuccess: () => router.push(`/apply/${applicationId}/verify`),
  });
  const busy = renewal.isPending || renewal.isSuccess;
  return (
    <Alert tone="warning" title={t("apply.flow.kycExpiredHeading")}>
      <div className="flex flex-col gap-3">
        <p>{t("apply.flow.kycExpiredLead")}</p>
        {renewal.isError ? <p>{t("apply.verify.renewFailed")}</p> : null}
        <Button onClick={() => renewal.mutate()} busy={busy} disabled={busy} className="self-start">
          {busy ? t("apply.flow.kycStarting") : t("apply.flow.kycStartAgain")}
        </Button>
      </div>
    </Alert>
  );
}
