import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

const SIZES = { sm: "size-4", md: "size-5" } as const;

/** The one spinner of the portal, in the current text colour; decorative: its container says what is happening. */
export function Spinner({ size = "sm", className, ...rest }: ComponentProps<"span"> & { size?: keyof typeof SIZES }) {
  return (
    <span
      aria-hidden="true"
      className={cn(SIZES[size], "shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent", className)}
      {...rest}
    />
  );
}
