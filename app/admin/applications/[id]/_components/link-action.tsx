"use client";

import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { IssuedLink } from "@/components/admin/issued-link";
import { SendLinkButton } from "@/app/admin/applications/[id]/_components/send-link-button";
import { useErrorText } from "@/components/admin/use-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import type { IssuedLink as Link } from "@/lib/admin/case/actions/links";
import type { LinkKind } from "@/lib/admin/case/actions/send-link";
import { asApiError, callApi } from "@/lib/client/api";
/** `send`: where "Send to applicant" posts (absent when mail is off: the button is not offered). */
type Props = { endpoint: string; button: string; hint: string; result: string; send?: { endpoint: string; linkKind: LinkKind } };

/** Issues a link (identity check, resume) on request and shows it with a copy button, "Send to applicant" and its QR code. */
export function LinkAction({ endpoint, button, hint, result, send }: Props) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const id = useId();
  // The last link issued stays shown while a new one is asked for, and after a refusal (the refusal beside it).
  const issue = useMutation({ mutationFn: () => callApi<{ link: Link }>(endpoint, { json: {} }) });
  const [link, setLink] = useState<Link | null>(null);
  const busy = issue.isPending;
  const error = issue.error ? asApiError(issue.error) : null;
  return (
    <div>
      <p id={`${id}-hint`} className="text-sm text-fg-muted">
        {hint}
      </p>
      <Button
        variant="secondary"
        className="mt-2"
        onClick={() => issue.mutate(undefined, { onSuccess: (answer) => setLink(answer.link) })}
        busy={busy}
        disabled={busy}
        aria-describedby={`${id}-hint`}
      >
        {busy ? t("admin.actions.busy") : button}
      </Button>
      {error ? (
        <Alert tone="error" title={t("admin.actions.errorTitle")} className="mt-3">
          {errorText(error)}
        </Alert>
      ) : null}
      {link ? (
        <IssuedLink id={`${id}-link`} title={result} url={link.url} qr={link.qr} expiresAt={link.expiresAt}>
          {send ? <SendLinkButton key={link.url} endpoint={send.endpoint} linkKind={send.linkKind} /> : null}
        </IssuedLink>
      ) : null}
    </div>
  );
}
