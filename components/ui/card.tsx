import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/utils";

export function Card({ className, ...rest }: ComponentProps<"section">) {
  return <section className={cn("rounded-card border border-border bg-surface p-6 shadow-sm", className)} {...rest} />;
}

export function CardTitle({ as: Tag = "h2", children, className }: { as?: "h2" | "h3"; children: ReactNode; className?: string }) {
  return <Tag className={cn("text-xl font-semibold", className)}>{children}</Tag>;
}
