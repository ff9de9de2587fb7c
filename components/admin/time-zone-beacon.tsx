"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { callApi } from "@/lib/client/api";

/**
 * Rendered only while the staff member has no time zone: sends the browser's once (the server keeps it only while
 * none is set, so a choice made on the account page wins), then shows the page again in that zone. A failure leaves
 * UTC, which every time on the page names.
 */
export function TimeZoneBeacon() {
  const router = useRouter();
  useEffect(() => {
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (!timeZone) return;
    callApi<{ changed: boolean }>("/api/admin/account/time-zone", { json: { timeZone, source: "browser" } }).then(
      (answer) => {
        if (answer.changed) router.refresh();
      },
      () => undefined,
    );
  }, [router]);
  return null;
}
