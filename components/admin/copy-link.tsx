"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClasses } from "@/components/ui/field";

type Texts = { label: string; copy: string; copied: string; copyFailed: string };

/** A link to hand on: read-only text to select and a copy button that says whether copying worked. */
export function CopyLink({ url, texts }: { url: string; texts: Texts }) {
  const id = useId();
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        {texts.label}
      </label>
      <input id={id} readOnly value={url} className={controlClasses(false)} onFocus={(e) => e.currentTarget.select()} />
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" onClick={onCopy}>
          {texts.copy}
        </Button>
        <span role="status" className="text-sm">
          {copy === "copied" ? texts.copied : copy === "failed" ? texts.copyFailed : ""}
        </span>
      </div>
    </div>
  );
}
