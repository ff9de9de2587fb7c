"use client";

import { useEffect, useRef } from "react";
import { useMessage } from "@/components/admin/use-message";
import { Button } from "@/components/ui/button";

// The error state of the webhook, transaction and card pages; focus moves to the heading so screen readers hear it.
export function OpsError({ reset }: { reset: () => void }) {
  const t = useMessage();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="max-w-prose">
      <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold">
        {t("admin.ops.errorTitle")}
      </h1>
      <p className="mt-3">{t("admin.ops.errorBody")}</p>
      <Button className="mt-6" onClick={reset}>
        {t("admin.ops.retry")}
      </Button>
    </div>
  );
}
