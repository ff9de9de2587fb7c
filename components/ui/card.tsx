import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

// min-w-0: a card in a grid or flex row may shrink to its track; a wide table inside it scrolls in its own box
// instead of widening the page (the dashboard was 493 px wide on a 390 px phone).
export function Card({ className, ...rest }: ComponentProps<"section">) {
  return <section className={cn("min-w-0 rounded-card border border-border bg-surface p-6 shadow-sm", className)} {...rest} />;
}

export function CardTitle({ as: Tag = "h2", children, className }: { as?: "h2" | "h3"; children: ReactNode; className?: string }) {
  return <Tag className={cn("text-xl font-semibold", className)}>{children}</Tag>;
}
