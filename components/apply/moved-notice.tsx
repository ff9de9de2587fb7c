"use client";

import { useMutation } from "@tanstack/react-query";
import { useI18n } from "@/components/i18n/i18n-provider";
import { SinceTime } from "@/components/apply/since-time";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PageHeading } from "@/components/ui/page-heading";
import type { sendMovedLink } from "@/lib/applications/moved-link";
import { asDeviceKind } from "@/lib/applications/device-kind";
import { callApi, isApiError, type AnswerOf } from "@/lib/client/api";

export type MovedEmail = "ready" | "no-email" | "off";
type Props = {
  applicationId: string;
  device: string;
  since: string;
  email: MovedEmail;
  /** A page of its own (the heading is the page's h1, which takes focus after a move), or a section of another page. */
  as: "page" | "section";
};

/**
 * "This application is now open on your phone (since 17:42)", for the browser a personal link replaced, with its one
 * way back: a new link emailed to the application's own address (never shown here).
 */
export function MovedNotice({ applicationId, device, since, email, as }: Props) {
  const { t } = useI18n();
  const where = t(`apply.moved.device.${asDeviceKind(device)}`);
  const heading = (
    <>
      {t("apply.moved.heading", { device: where })}
      <SinceTime iso={since} />
    </>
  );
  return (
    <section aria-labelledby={`moved-${applicationId}`} data-testid="moved-notice" className="flex max-w-prose flex-col gap-4">
      {as === "page" ? (
        <div id={`moved-${applicationId}`}>
          <PageHeading className="text-3xl font-bold">{heading}</PageHeading>
        </div>
      ) : (
        <h2 id={`moved-${applicationId}`} className="text-xl font-bold">
          {heading}
        </h2>
      )}
      <p>{t("apply.moved.why")}</p>
      {email === "ready" ? (
        <>
          <p>{t("apply.moved.wayBack", { device: where })}</p>
          <SendNewLink applicationId={applicationId} where={where} />
        </>
      ) : (
        <p>{t(email === "off" ? "apply.moved.mailOff" : "apply.moved.noEmail", { device: where })}</p>
      )}
    </section>
  );
}

const minutesOf = (seconds: number | undefined) => (seconds && seconds > 0 ? Math.ceil(seconds / 60) : 1);

function SendNewLink({ applicationId, where }: { applicationId: string; where: string }) {
  const { t } = useI18n();
  const sending = useMutation({
    mutationFn: () => callApi<AnswerOf<typeof sendMovedLink>>(`/api/applications/${applicationId}/new-link`, { json: {} }),
  });
  const error = sending.error;
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <Button onClick={() => sending.mutate()} busy={sending.isPending} disabled={sending.isPending} className="self-start">
        {sending.isPending ? t("apply.moved.sending") : sending.isSuccess ? t("apply.moved.sendAgain") : t("apply.moved.send")}
      </Button>
      {sending.isSuccess ? <Alert tone="success">{t("apply.moved.sent")}</Alert> : null}
      {error ? (
        <Alert tone={isApiError(error, "RATE_LIMITED") ? "warning" : "error"}>
          {isApiError(error, "RATE_LIMITED")
            ? t("apply.moved.limited", { minutes: minutesOf(error.retryAfterSeconds) })
            : isApiError(error, "INVALID_STATE")
              ? t("apply.moved.noEmail", { device: where })
              : isApiError(error, "NOT_FOUND")
                ? t("apply.moved.gone")
                : t("apply.moved.failed")}
        </Alert>
      ) : null}
    </div>
  );
}
