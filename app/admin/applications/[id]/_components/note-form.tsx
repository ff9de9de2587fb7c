"use client";

import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { controlClasses, Field } from "@/components/ui/field";
import { callApi, isApiError } from "@/lib/client/api";

type Texts = {
  label: string;
  hint: string;
  add: string;
  adding: string;
  empty: string;
  tooLong: string;
  failed: string;
  erased: string;
  errorTitle: string;
};

const FIELD_ID = "case-note";
const MAX = 4000;

/** Adds an internal note; on success the timeline (rendered by the server) is refreshed and shows it. */
export function NoteForm({ applicationId, texts }: { applicationId: string; texts: Texts }) {
  const router = useRouter();
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const add = useMutation({
    mutationFn: (text: string) => callApi<unknown>(`/api/admin/applications/${applicationId}/notes`, { json: { body: text } }),
    onSuccess: () => {
      setError(null);
      setBody("");
      router.refresh();
    },
    onError: (failure) => setError(isApiError(failure, "APPLICATION_ERASED") ? texts.erased : texts.failed),
  });
  const busy = add.isPending;

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const text = body.trim();
    if (!text) return setError(texts.empty);
    if (text.length > MAX) return setError(texts.tooLong);
    add.mutate(text);
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <ErrorSummary title={texts.errorTitle} errors={error ? [{ fieldId: FIELD_ID, message: error }] : []} focusKey={attempt} />
      <Field id={FIELD_ID} label={texts.label} hint={texts.hint} error={error ?? undefined}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            className={controlClasses(Boolean(error))}
          />
        )}
      </Field>
      <div>
        <Button type="submit" variant="secondary" busy={busy} disabled={busy}>
          {busy ? texts.adding : texts.add}
        </Button>
      </div>
    </form>
  );
}
