"use client";

import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { send, type ActionError } from "@/components/admin/send";
import { useErrorText, useMessage } from "@/components/admin/use-message";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { controlClasses, Field } from "@/components/ui/field";

type Props = {
  endpoint: string;
  /** Catalog keys under admin.actions.<name>: button, hint, confirmTitle, confirmBody, confirm, outcome (and reason*). */
  name: "retry" | "fail" | "reopen";
  variant?: ButtonVariant;
  withReason?: boolean;
};

/** An action asked for twice: the button opens an inline confirmation (with a reason where one is needed). */
export function ConfirmAction({ endpoint, name, variant = "secondary", withReason = false }: Props) {
  const t = useMessage();
  const errorText = useErrorText();
  const router = useRouter();
  const id = useId();
  const k = (key: string, values?: Record<string, string>) => t(`admin.actions.${name}.${key}`, values);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ActionError | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    const answer = await send<{ state?: string }>(endpoint, { json: withReason ? { reason } : {} });
    setBusy(false);
    if (!answer.ok) return setError(answer.error);
    setOpen(false);
    setOutcome(k("outcome", { state: t(`admin.states.${answer.data.state ?? ""}`) }));
    router.refresh();
  };
  const reasonError = error?.fields?.reason ? t(error.fields.reason) : undefined;

  return (
    <div>
      <p id={`${id}-hint`} className="text-sm text-fg-muted">
        {k("hint")}
      </p>
      {!open ? (
        <Button variant={variant} className="mt-2" onClick={() => setOpen(true)} aria-describedby={`${id}-hint`}>
          {k("button")}
        </Button>
      ) : (
        <div
          ref={panel}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${id}-title`}
          className="mt-2 rounded-control border-2 border-border-strong p-4"
        >
          <p id={`${id}-title`} className="font-semibold">
            {k("confirmTitle")}
          </p>
          <p className="mt-1 text-sm">{k("confirmBody")}</p>
          {withReason ? (
            <Field id={`${id}-reason`} label={k("reason")} hint={k("reasonHint")} error={reasonError} className="mt-3">
              {(control) => (
                <textarea
                  {...control}
                  rows={3}
                  maxLength={600}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  className={controlClasses(Boolean(reasonError))}
                />
              )}
            </Field>
          ) : null}
          {error && !reasonError ? (
            <Alert tone="error" title={t("admin.actions.errorTitle")} className="mt-3">
              {errorText(error)}
            </Alert>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant={variant === "danger" ? "danger" : "primary"} onClick={() => void confirm()} busy={busy} disabled={busy}>
              {busy ? t("admin.actions.busy") : k("confirm")}
            </Button>
            <Button variant="ghost" onClick={() => setOpen(false)} disabled={busy}>
              {t("admin.actions.cancel")}
            </Button>
          </div>
        </div>
      )}
      <p role="status" className="mt-2 text-sm font-semibold">
        {outcome ?? ""}
      </p>
    </div>
  );
}
