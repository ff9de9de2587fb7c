"use client";

import { useMutation } from "@tanstack/react-query";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { emailResumeLink } from "@/lib/applications/mail";
import { callApi, isApiError, type AnswerOf } from "@/lib/client/api";

/** Whether the resume link can go by email: yes, once the contact step is saved, or not on this portal. */
export type EmailResume = "ready" | "needs-contact" | "off";

const minutesOf = (seconds: number | undefined) => (seconds && seconds > 0 ? Math.ceil(seconds / 60) : 1);

/** "Email me this link": to the address of the application's own answers; the page says where it went, masked. */
export function EmailResumeLink({ applicationId, state }: { applicationId: string; state: EmailResume }) {
  const { t } = useI18n();
  const sending = useMutation({
    mutationFn: () => callApi<AnswerOf<typeof emailResumeLink>>(`/api/applications/${applicationId}/resume-email`, { json: {} }),
  });
  if (state === "off") return null;
  if (state === "needs-contact") return <p className="mt-3 text-fg-muted">{t("apply.resume.emailNeedsContact")}</p>;
  const error = sending.error;
  return (
    <div className="mt-3 flex flex-col gap-2" aria-live="polite">
      <Button
        variant="secondary"
        onClick={() => sending.mutate()}
        busy={sending.isPending}
        disabled={sending.isPending}
        className="self-start"
      >
        {sending.isPending
          ? t("apply.resume.emailSending")
          : sending.isSuccess
            ? t("apply.resume.emailAgain")
            : t("apply.resume.emailButton")}
      </Button>
      {sending.isSuccess ? <Alert tone="success">{t("apply.resume.emailSent", { address: sending.data.sentTo })}</Alert> : null}
      {error ? (
        <Alert tone={isApiError(error, "RATE_LIMITED") ? "warning" : "error"}>
          {isApiError(error, "RATE_LIMITED")
            ? t("apply.resume.emailLimited", { minutes: minutesOf(error.retryAfterSeconds) })
            : isApiError(error, "INVALID_STATE")
              ? t("apply.resume.emailNeedsContact")
              : t("apply.resume.emailFailed")}
        </Alert>
      ) : null}
    </div>
  );
}
