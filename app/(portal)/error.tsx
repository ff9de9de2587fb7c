"use client";

import { useEffect, useRef } from "react";
import { useI18n } from "@/components/i18n/i18n-provider";
import { Button } from "@/components/ui/button";

// Shown when a page fails to render; focus moves to the heading so screen readers hear it.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const { t } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="max-w-prose">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t("errors.genericTitle")}
      </h1>
      <p className="mt-3">{t("errors.genericBody")}</p>
      <Button className="mt-6" onClick={reset}>
        {t("errors.retry")}
      </Button>
    </div>
  );
}
