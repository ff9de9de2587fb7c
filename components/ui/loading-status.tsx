import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** A spinner and its words, announced politely to screen readers (pages between steps, a list on its way). */
export function LoadingStatus({ label, className }: { label: string; className?: string }) {
  return (
    <div role="status" aria-live="polite" className={cn("flex items-center gap-3 text-fg-muted", className)}>
      <Spinner size="md" />
      {label}
    </div>
  );
}
