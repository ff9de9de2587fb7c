"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { controlClasses, Field } from "@/components/ui/field";
import { RadioGroup, type RadioOption } from "@/components/ui/radio-group";
import { TextField } from "@/components/ui/text-field";
import { asApiError, callApi } from "@/lib/client/api";

type Texts = {
  reason: string;
  reasonMissing: string;
  note: string;
  noteHint: string;
  snooze: string;
  snoozeHint: string;
  submit: string;
  optional: string;
  errorTitle: string;
  failed: string;
};
type Errors = { reason?: string; snoozeUntil?: string; form?: string };

/** Takes the application off the "needs attention" pile with a reason, an optional note and an optional snooze. */
export function AttentionForm({ applicationId, reasons, texts }: { applicationId: string; reasons: RadioOption[]; texts: Texts }) {
  const router = useRouter();
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState("");
  const [snoozeUntil, setSnoozeUntil] = useState("");
  const [errors, setErrors] = useState<Errors>({});
  const [attempt, setAttempt] = useState(0);
  const resolve = useMutation({
    mutationFn: () =>
      callApi<unknown>(`/api/admin/applications/${applicationId}/attention`, {
        json: { reason, ...(note.trim() ? { note } : {}), ...(snoozeUntil ? { snoozeUntil } : {}) },
      }),
    onSuccess: () => router.refresh(),
    onError: (failure) => {
      const error = asApiError(failure);
      setErrors(
        error.fields.snoozeUntil ? { snoozeUntil: error.fields.snoozeUntil } : { form: texts.failed.replace("{message}", error.message) },
      );
      setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempt((n) => n + 1);
    if (!reason) return setErrors({ reason: texts.reasonMissing });
    setErrors({});
    resolve.mutate();
  }

  const summary = [
    ...(errors.reason ? [{ fieldId: "attention-reason", message: errors.reason }] : []),
    ...(errors.snoozeUntil ? [{ fieldId: "attention-snooze", message: errors.snoozeUntil }] : []),
    ...(errors.form ? [{ fieldId: "attention-submit", message: errors.form }] : []),
  ];
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <ErrorSummary title={texts.errorTitle} errors={summary} focusKey={attempt} />
      <RadioGroup
        id="attention-reason"
        name="reason"
        legend={texts.reason}
        options={reasons}
        value={reason}
        onChange={setReason}
        error={errors.reason}
        required
      />
      <Field id="attention-note" label={texts.note} hint={texts.noteHint} optionalText={texts.optional}>
        {(control) => (
          <textarea {...control} rows={2} value={note} onChange={(e) => setNote(e.target.value)} className={controlClasses(false)} />
        )}
      </Field>
      <TextField
        id="attention-snooze"
        type="date"
        label={texts.snooze}
        hint={texts.snoozeHint}
        optionalText={texts.optional}
        value={snoozeUntil}
        onChange={(e) => setSnoozeUntil(e.target.value)}
        error={errors.snoozeUntil}
      />
      <div>
        <Button id="attention-submit" type="submit" variant="secondary" busy={resolve.isPending} disabled={resolve.isPending}>
          {texts.submit}
        </Button>
      </div>
    </form>
  );
}
