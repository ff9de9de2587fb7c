"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

type Texts = { title: string; label: string; lead: string; note: string; copy: string; copied: string; copyFailed: string };

/** A set-password link shown once: read-only, selectable, a copy button, and why it must be copied now. */
export function OneTimeLink({ id, url, texts }: { id: string; url: string; texts: Texts }) {
  const [copied, setCopied] = useState<"yes" | "no" | undefined>();
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  }
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
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="secondary" onClick={() => void copy()}>
            {texts.copy}
          </Button>
          <span role="status" className="text-sm font-semibold">
            {copied === "yes" ? texts.copied : copied === "no" ? texts.copyFailed : ""}
          </span>
        </div>
      </div>
    </Alert>
  );
}
