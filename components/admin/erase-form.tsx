"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { TextField } from "@/components/ui/text-field";

type Texts = {
  reason: string;
  reasonHint: string;
  confirm: string;
  confirmHint: string;
  submit: string;
  submitting: string;
  errorTitle: string;
  failed: string;
};
type Fields = Partial<Record<"reason" | "confirm", string>>;

/** Erasure with a reason and the application id typed back; the server checks both again. */
export function EraseForm({ applicationId, texts }: { applicationId: string; texts: Texts }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Fields>({});
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    setMessage(undefined);
    const response = await fetch(`/api/admin/applications/${applicationId}/erase`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ reason: data.get("reason"), confirm: data.get("confirm") }),
    }).catch(() => undefined);
    setBusy(false);
    setAttempt((n) => n + 1);
    if (response?.ok) return router.refresh();
    const body = (await response?.json().catch(() => undefined)) as { error?: { message?: string; fields?: Fields } } | undefined;
    setFields(body?.error?.fields ?? {});
    setMessage(body?.error?.fields ? undefined : (body?.error?.message ?? texts.failed));
  }

  const errors = Object.entries(fields).map(([field, text]) => ({ fieldId: `erase-${field}`, message: String(text) }));
  return (
    <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
      {errors.length ? <ErrorSummary title={texts.errorTitle} errors={errors} focusKey={attempt} /> : null}
      {message ? <Alert tone="error">{message}</Alert> : null}
      <TextField
        id="erase-reason"
        name="reason"
        label={texts.reason}
        hint={texts.reasonHint}
        error={fields.reason}
        maxLength={500}
        required
      />
      <TextField
        id="erase-confirm"
        name="confirm"
        label={texts.confirm}
        hint={texts.confirmHint}
        error={fields.confirm}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <Button type="submit" variant="danger" busy={busy} disabled={busy} className="self-start">
        {busy ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}
