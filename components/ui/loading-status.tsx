import { cn } from "@/lib/utils";

/** A spinner and its words, announced politely to screen readers (pages between steps, a list on its way). */
export function LoadingStatus({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center gap-3 text-fg-muted", className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-current border-t-transparent" />
      {label}
    </div>
  );
}
