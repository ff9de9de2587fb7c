"use client";

import { useLinkStatus } from "next/link";
import { cn } from "@/lib/utils";

/**
 * A small spinner inside a Link while its page is on its way: an application's pages have no loading screen
 * (it delayed their first paint), so the link pressed is where the wait shows. Place it as the Link's last child.
 */
export function LinkPending({ className }: { className?: string }) {
  const { pending } = useLinkStatus();
  return (
    <span
      aria-hidden="true"
      data-link-pending={pending || undefined}
      className={cn(
        "size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent",
        pending ? "inline-block" : "hidden",
        className,
      )}
    />
  );
}
