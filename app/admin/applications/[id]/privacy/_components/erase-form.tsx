"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { useErrorText, useMessage } from "@/components/admin/use-message";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { TextField } from "@/components/ui/text-field";
import { asApiError, callApi, type AnswerOf } from "@/lib/client/api";
import type { eraseSubjectData } from "@/lib/privacy/service";

type Texts = {
  naming: string;
  reason: string;
  reasonHint: string;
  confirm: string;
  confirmHint: string;
  submit: string;
  submitting: string;
  errorTitle: string;
  failed: string;
};

/** Where an error of the erasure points: its field, the application it names (its row in the list), or the list. */
const targetOf = (field: string) =>
  field === "reason" || field === "confirm"
    ? `erase-${field}`
    : field.startsWith("applications.")
      ? `subject-${field.slice("applications.".length)}`
      : "subject-heading";

/**
 * Erasure of a person: the applications it covers named before the button, a reason and the application id typed
 * back; the list shown is sent along, so the server refuses if the person's applications changed meanwhile.
 */
export function EraseForm({ applicationId, applications, texts }: { applicationId: string; applications: string[]; texts: Texts }) {
  // Server answers carry message keys (admin.privacy.erase.*).
  const t = useMessage();
  const errorText = useErrorText();
  const router = useRouter();
  const namingId = useId();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string>();
  const [attempt, setAttempt] = useState(0);

  const erase = useMutation({
    mutationFn: (json: { reason: unknown; confirm: unknown; applications: string[] }) =>
      callApi<AnswerOf<typeof eraseSubjectData>>(`/api/admin/applications/${applicationId}/erase`, { json }),
    onSettled: () => setAttempt((n) => n + 1),
    onSuccess: () => router.refresh(),
    onError: (failure) => {
      const error = asApiError(failure);
      const fieldErrors = Object.keys(error.fields).length > 0;
      setFields(error.fields);
      setMessage(fieldErrors ? undefined : error.code === "NETWORK" ? texts.failed : errorText(error));
    },
  });
  const busy = erase.isPending;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setMessage(undefined);
    erase.mutate({ reason: data.get("reason"), confirm: data.get("confirm"), applications });
  }

  const textOf = (field: string, key: string) => (field.startsWith("applications.") ? `${field.slice(13)}: ${t(key)}` : t(key));
  const errors = Object.entries(fields).map(([field, key]) => ({ fieldId: targetOf(field), message: textOf(field, key) }));
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex max-w-xl flex-col gap-4">
      {errors.length ? <ErrorSummary title={texts.errorTitle} errors={errors} focusKey={attempt} /> : null}
      {message ? <Alert tone="error">{message}</Alert> : null}
      <div id={namingId}>
        <p className="font-semibold">{texts.naming}</p>
        <ul className="mt-1 list-disc pl-6 font-mono text-sm">
          {applications.map((id) => (
            <li key={id}>{id}</li>
          ))}
        </ul>
      </div>
      <TextField
        id="erase-reason"
        name="reason"
        label={texts.reason}
        hint={texts.reasonHint}
        error={fields.reason ? t(fields.reason) : undefined}
        maxLength={500}
        required
      />
      <TextField
        id="erase-confirm"
        name="confirm"
        label={texts.confirm}
        hint={texts.confirmHint}
        error={fields.confirm ? t(fields.confirm) : undefined}
        autoComplete="off"
        spellCheck={false}
        required
      />
      <Button type="submit" variant="danger" busy={busy} disabled={busy} className="self-start" aria-describedby={namingId}>
        {busy ? texts.submitting : texts.submit}
      </Button>
    </form>
  );
}
