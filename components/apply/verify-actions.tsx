"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";

type Kyc = { url: string; expiresAt: string; expired: boolean } | null;

/** Sends the person to the identity check, coming back to the status page; an expired link is replaced on one click. */
export function VerifyActions({ applicationId, kyc, returnUrl }: { applicationId: string; kyc: Kyc; returnUrl: string }) {
  const { t, locale } = useI18n();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function renew() {
    setBusy(true);
    setFailed(false);
    const response = await fetch(`/api/applications/${applicationId}/kyc-link`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ renew: true }),
    }).catch(() => undefined);
    setBusy(false);
    if (response?.ok) router.refresh();
    else setFailed(true);
  }

  const usable = kyc && !kyc.expired;
  return (
    <div className="flex flex-col gap-4">
      {kyc?.expired ? <Alert tone="warning">{t("apply.verify.expired")}</Alert> : null}
      {!kyc ? <Alert tone="info">{t("apply.verify.noLink")}</Alert> : null}
      {failed ? <Alert tone="error">{t("apply.verify.renewFailed")}</Alert> : null}
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
              time: new Intl.DateTimeFormat(locale, { timeStyle: "short" }).format(new Date(kyc.expiresAt)),
            })}
          </p>
        </>
      ) : (
        <Button onClick={renew} busy={busy} disabled={busy} className="self-start">
          {busy ? t("apply.verify.renewing") : t("apply.verify.renew")}
        </Button>
      )}
    </div>
  );
}
