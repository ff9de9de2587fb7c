"use client";

import { OpsError } from "@/components/admin/ops-states";

// Shown when the page fails to read its data; the retry renders it again.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <OpsError reset={reset} />;
}
