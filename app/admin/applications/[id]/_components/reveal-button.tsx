"use client";

import { useState } from "react";
import { postJson } from "@/app/admin/applications/[id]/_components/post-json";

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
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  async function reveal() {
    setBusy(true);
    setFailed(false);
    const answer = await postJson(`/api/admin/applications/${applicationId}/reveal`, { path });
    setBusy(false);
    if (answer.ok && typeof answer.data.value === "string") setValue(answer.data.value);
    else setFailed(true);
  }

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
        onClick={() => (value === null ? void reveal() : setValue(null))}
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
