import type { ComponentProps } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "md" | "lg";

const base =
  "inline-flex items-center justify-center gap-2 rounded-control font-semibold no-underline transition-colors disabled:cursor-not-allowed disabled:opacity-60 min-h-11";
const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-on-brand hover:bg-brand-hover hover:text-on-brand",
  secondary: "border border-border-strong bg-surface text-fg hover:bg-surface-muted hover:text-fg",
  ghost: "text-brand hover:bg-surface-muted hover:text-brand-hover",
  danger: "bg-danger text-surface hover:opacity-90 hover:text-surface",
};
const sizes: Record<ButtonSize, string> = { md: "px-4 py-2 text-base", lg: "px-6 py-3 text-lg" };

/** Classes of a button, for links that look like one. */
export function buttonClasses(variant: ButtonVariant = "primary", size: ButtonSize = "md", extra?: string) {
  return cn(base, variants[variant], sizes[size], extra);
}

type ButtonProps = ComponentProps<"button"> & { variant?: ButtonVariant; size?: ButtonSize; busy?: boolean };

export function Button({ variant = "primary", size = "md", busy = false, className, type = "button", children, ...rest }: ButtonProps) {
  return (
    <button type={type} aria-busy={busy || undefined} className={buttonClasses(variant, size, className)} {...rest}>
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
