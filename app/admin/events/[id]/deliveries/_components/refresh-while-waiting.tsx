"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";

/** The most refreshes one wait makes: a receiver that hangs is given up by the runner after 10 s anyway. */
const MAX_REFRESHES = 60;

/**
 * Re-renders the page from the server every second while the watched delivery has no answer yet; the server stops
 * rendering this once it landed, which ends the poll.
 */
export function RefreshWhileWaiting() {
  const router = useRouter();
  useEffect(() => {
    let n = 0;
    const timer = setInterval(() => {
      if (++n > MAX_REFRESHES) clearInterval(timer);
      else router.refresh();
    }, 1_000);
    return () => clearInterval(timer);
  }, [router]);
  return null;
}
