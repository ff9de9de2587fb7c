"use client";

import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import type { revealValue } from "@/lib/admin/case/reveal-note-claim";
import { callApi, type AnswerOf } from "@/lib/client/api";

type Texts = { reveal: string; hide: string; hiddenText: string; failed: string };

/** A masked identity value and one button that asks the server for it in full (each reveal is audited there). */
export function RevealButton({
  applicationId,
  path,
  masked,
  texts,
}: {
  applicationId: string;
  path: string;
  masked: string;
  texts: Texts;
}) {
  const [value, setValue] = useState<string | null>(null);
  // Each reveal is asked for (and audited) again: never cached.
  const reveal = useMutation({
    mutationFn: () => callApi<AnswerOf<typeof revealValue>>(`/api/admin/applications/${applicationId}/reveal`, { json: { path } }),
    onSuccess: (answer) => setValue(answer.value),
  });
  const busy = reveal.isPending;
  const failed = reveal.isError;

  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <span className="font-mono" aria-live="polite">
        {value ?? masked}
      </span>
      <button
        type="button"
        className="inline-flex min-h-6 items-center font-semibold text-brand underline underline-offset-2 hover:text-brand-hover disabled:opacity-60"
        disabled={busy}
        aria-busy={busy || undefined}
        onClick={() => (value === null ? reveal.mutate() : setValue(null))}
      >
        {value === null ? texts.reveal : texts.hide}
        <span className="sr-only"> {texts.hiddenText}</span>
      </button>
      {failed ? (
        <span role="alert" className="text-sm font-semibold text-danger">
          {texts.failed}
        </span>
      ) : null}
    </span>
  );
}
