"use client";

import { OpsError } from "@/app/admin/_components/ops-states";

// Shown when a staff page fails to read its data (a lost database connection included); the retry renders it again.
export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return <OpsError reset={reset} />;
}
