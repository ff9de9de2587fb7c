"use client";

import { useId, useState } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { IssuedLink } from "@/components/admin/issued-link";
import { send, type ActionError } from "@/components/admin/send";
import { useErrorText } from "@/components/admin/use-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Link = { url: string; expiresAt: string; qr: string };
type Props = { endpoint: string; button: string; hint: string; result: string };

/** Issues a link (identity check, resume) on request and shows it with a copy button and its QR code. */
export function LinkAction({ endpoint, button, hint, result }: Props) {
  const { t } = useI18n();
  const errorText = useErrorText();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<Link | null>(null);
  const [error, setError] = useState<ActionError | null>(null);
  const issue = async () => {
    setBusy(true);
    setError(null);
    const answer = await send<{ link: Link }>(endpoint);
    setBusy(false);
    if (answer.ok) setLink(answer.data.link);
    else setError(answer.error);
  };
  return (
    <div>
      <p id={`${id}-hint`} className="text-sm text-fg-muted">
        {hint}
      </p>
      <Button variant="secondary" className="mt-2" onClick={() => void issue()} busy={busy} disabled={busy} aria-describedby={`${id}-hint`}>
        {busy ? t("admin.actions.busy") : button}
      </Button>
      {error ? (
        <Alert tone="error" title={t("admin.actions.errorTitle")} className="mt-3">
          {errorText(error)}
        </Alert>
      ) : null}
      {link ? <IssuedLink id={`${id}-link`} title={result} url={link.url} qr={link.qr} expiresAt={link.expiresAt} /> : null}
    </div>
  );
}
