"use client";

import { Alert } from "@/components/ui/alert";
import { CopyButton } from "@/components/ui/copy-button";

type Texts = { title: string; label: string; lead: string; note: string; copy: string; copied: string; copyFailed: string };

/** A set-password link shown once: read-only, selectable, a copy button, and why it must be copied now. */
export function OneTimeLink({ id, url, texts }: { id: string; url: string; texts: Texts }) {
  return (
    <Alert tone="success" title={texts.title}>
      <div className="flex flex-col gap-3">
        {texts.lead ? <p>{texts.lead}</p> : null}
        <label htmlFor={id} className="sr-only">
          {texts.label}
        </label>
        <input
          id={id}
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          aria-describedby={`${id}-note`}
          className="min-h-11 w-full rounded-control border border-border-strong bg-surface px-3 font-mono text-sm"
        />
        <p id={`${id}-note`} className="text-sm">
          {texts.note}
        </p>
        <CopyButton text={url} texts={texts} />
      </div>
    </Alert>
  );
}
