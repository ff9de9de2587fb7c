"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { useErrorText, useMessage } from "@/components/admin/use-message";
import { Button } from "@/components/ui/button";
import type { LinkKind, sendLinkToApplicant } from "@/lib/admin/case/actions/send-link";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";

/** "Send to applicant": emails the application's current link of this kind to the address in its answers. */
export function SendLinkButton({ endpoint, linkKind }: { endpoint: string; linkKind: LinkKind }) {
  const { t } = useI18n();
  const message = useMessage();
  const errorText = useErrorText();
  const router = useRouter();
  const hint = useId();
  const send = useMutation({
    mutationFn: () => callApi<AnswerOf<typeof sendLinkToApplicant>>(endpoint, { json: { linkKind } }),
    // The queued email shows on the timeline at once.
    onSuccess: () => router.refresh(),
  });
  const failure = send.error ? asApiError(send.error) : null;
  const key = failure ? Object.values(failure.fields)[0] : undefined;
  const said = send.data
    ? t("admin.actions.send.done", { recipient: send.data.recipient })
    : failure
      ? key
        ? message(key)
        : errorText(failure)
      : "";
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button
        variant="secondary"
        onClick={() => send.mutate()}
        busy={send.isPending}
        disabled={send.isPending || send.isSuccess}
        aria-describedby={hint}
      >
        {send.isPending ? t("admin.actions.send.busy") : t("admin.actions.send.button")}
      </Button>
      {/* The name stays the visible text (WCAG 2.5.3); where the email goes is its description. */}
      <span id={hint} className="sr-only">
        {t("admin.actions.send.label")}
      </span>
      <span role="status" className={failure ? "text-sm font-semibold text-danger" : "text-sm"}>
        {said}
      </span>
    </div>
  );
}
