"use client";

import { useState } from "react";

type Texts = { show: string; open: string; hide: string; alt: string };

/**
 * A document's preview on request: an image appears below the button, a PDF opens in a tab of its own. Nothing
 * loads until asked, so that merely opening the page records no view.
 */
export function DocumentPreview({ src, isPdf, texts }: { src: string; isPdf: boolean; texts: Texts }) {
  const [shown, setShown] = useState(false);
  if (isPdf) {
    return (
      <a href={src} target="_blank" rel="noopener noreferrer" className="font-semibold">
        {texts.open}
      </a>
    );
  }
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={shown}
        onClick={() => setShown(!shown)}
        className="inline-flex min-h-6 items-center font-semibold text-brand underline underline-offset-2 hover:text-brand-hover"
      >
        {shown ? texts.hide : texts.show}
      </button>
      {/* eslint-disable-next-line @next/next/no-img-element -- a private, uncached document: no image optimiser */}
      {shown ? <img src={src} alt={texts.alt} className="max-h-96 max-w-full rounded-control border border-border" /> : null}
    </div>
  );
}
