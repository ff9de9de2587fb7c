"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/utils";

type Texts = { copy: string; copied: string; copyFailed: string };

/** Copies a text to the clipboard and says, in a status message, whether that worked. */
export function CopyButton({ text, texts, className }: { text: string; texts: Texts; className?: string }) {
  const [copy, setCopy] = useState<"idle" | "copied" | "failed">("idle");
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy("copied");
    } catch {
      setCopy("failed");
    }
  };
  return (
    <div className={cn("flex flex-wrap items-center gap-3", className)}>
      <Button variant="secondary" onClick={onCopy}>
        {texts.copy}
      </Button>
      <span role="status" className="text-sm">
        {copy === "copied" ? texts.copied : copy === "failed" ? texts.copyFailed : ""}
      </span>
    </div>
  );
}
