"use client";

import { useRouter } from "next/navigation";
import { useMutation } from "@tanstack/react-query";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import type { ApplicationView } from "@/lib/applications/view";
import { callApi } from "@/lib/client/api";

/** The view's identity check with its link, which the view never carries (a bearer link): the page adds it. */
type Kyc = (NonNullable<ApplicationView["kyc"]> & { url: string }) | null;

/** Sends the person to the identity check, coming back to the status page; an expired link is replaced on one click. */
export function VerifyActions({
  applicationId,
  kyc,
  returnUrl,
  dateLocale,
}: {
  applicationId: string;
  kyc: Kyc;
  returnUrl: string;
  /** The locale of the expiry time (the browser's region, lib/i18n/date-locale.ts). */
  dateLocale: string;
}) {
  const { t } = useI18n();
  const router = useRouter();
  const renewal = useMutation({
    mutationFn: () => callApi<{ application: ApplicationView }>(`/api/applications/${applicationId}/kyc-link`, { json: { renew: true } }),
    onSuccess: () => router.refresh(),
  });
  const busy = renewal.isPending;

  const usable = kyc && !kyc.expired;
  return (
    <div className="flex flex-col gap-4">
      {kyc?.expired ? <Alert tone="warning">{t("apply.verify.expired")}</Alert> : null}
      {!kyc ? <Alert tone="info">{t("apply.verify.noLink")}</Alert> : null}
      {renewal.isError ? <Alert tone="error">{t("apply.verify.renewFailed")}</Alert> : null}
      {usable ? (
        <>
          <a
            href={`${kyc.url}${kyc.url.includes("?") ? "&" : "?"}return_url=${encodeURIComponent(returnUrl)}`}
            className={buttonClasses("primary", "lg", "self-start")}
          >
            {t("apply.verify.go")}
          </a>
          <p className="text-sm text-fg-muted">
            {t("apply.verify.validUntil", {
              time: new Intl.DateTimeFormat(dateLocale, { timeStyle: "short" }).format(new Date(kyc.expiresAt)),
            })}
          </p>
        </>
      ) : (
        <Button onClick={() => renewal.mutate()} busy={busy} disabled={busy} className="self-start">
          {busy ? t("apply.verify.renewing") : t("apply.verify.renew")}
        </Button>
      )}
    </div>
  );
}
