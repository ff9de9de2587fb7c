"use client";

import { useLinkStatus } from "next/link";
import { Spinner } from "@/components/ui/spinner";

/**
 * A small spinner inside a Link while its page is on its way: an application's pages have no loading screen
 * (it delayed their first paint), so the link pressed is where the wait shows. Place it as the Link's last child.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  return <Spinner data-link-pending={pending || undefined} className={pending ? "inline-block" : "hidden"} />;
}
