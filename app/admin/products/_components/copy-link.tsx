"use client";

import { useId } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { controlClasses } from "@/components/ui/field";

type Texts = { label: string; copy: string; copied: string; copyFailed: string };

/** A link to hand on: read-only text to select and a copy button that says whether copying worked. */
export function CopyLink({ url, texts }: { url: string; texts: Texts }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor={id} className="font-semibold">
        {texts.label}
      </label>
      <input id={id} readOnly value={url} className={controlClasses(false)} onFocus={(e) => e.currentTarget.select()} />
      <CopyButton text={url} texts={texts} />
    </div>
  );
}
