"use client";

import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { useErrorText } from "@/components/admin/use-message";
import { Button } from "@/components/ui/button";
import type { resendMail } from "@/lib/admin/ops/mail";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";

/**
 * "Resend" on a failed email. Once queued the button gives way to what happened, which takes the focus; the row
 * keeps its old state until the page is reloaded (a reload would remove it from the "Failed" tab, and the news with it).
 */
export function ResendButton({ id, subject, recipient }: { id: string; subject: string; recipient: string }) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const said = useRef<HTMLParagraphElement>(null);
  const resend = useMutation({
    mutationFn: () => callApi<AnswerOf<typeof resendMail>>(`/api/admin/mail/${encodeURIComponent(id)}/resend`, { json: {} }),
  });
  useEffect(() => {
    if (resend.isSuccess) said.current?.focus();
  }, [resend.isSuccess]);
  if (resend.isSuccess)
    return (
      <p ref={said} tabIndex={-1} role="status" className="text-sm font-semibold focus:outline-none">
        {t("admin.ops.mail.resend.done")}
      </p>
    );
  const error = resend.error ? errorText(asApiError(resend.error)) : "";
  return (
    <div className="flex flex-col items-start gap-1">
      <Button
        variant="secondary"
        className="px-3 text-sm"
        onClick={() => resend.mutate()}
        busy={resend.isPending}
        disabled={resend.isPending}
        aria-label={t("admin.ops.mail.resend.label", { subject, recipient })}
      >
        {resend.isPending ? t("admin.ops.mail.resend.busy") : t("admin.ops.mail.resend.button")}
      </Button>
      <span role="status" className="text-sm font-semibold text-danger">
        {error}
      </span>
    </div>
  );
}
