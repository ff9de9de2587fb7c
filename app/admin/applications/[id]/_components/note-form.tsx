"use client";

import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorCodeOf, postJson } from "@/app/admin/applications/[id]/_components/post-json";
import { Button } from "@/components/ui/button";
import { ErrorSummary } from "@/components/ui/error-summary";
import { controlClasses, Field } from "@/components/ui/field";

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
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAttempt((n) => n + 1);
    const text = body.trim();
    if (!text) return setError(texts.empty);
    if (text.length > MAX) return setError(texts.tooLong);
    setBusy(true);
    const answer = await postJson(`/api/admin/applications/${applicationId}/notes`, { body: text });
    setBusy(false);
    if (!answer.ok) return setError(errorCodeOf(answer.data) === "APPLICATION_ERASED" ? texts.erased : texts.failed);
    setError(null);
    setBody("");
    router.refresh();
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-3">
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
