import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type AlertTone = "info" | "success" | "warning" | "error";

const tones: Record<AlertTone, string> = {
  info: "border-info bg-info-bg",
  success: "border-success bg-success-bg",
  warning: "border-warning bg-warning-bg",
  error: "border-danger bg-danger-bg",
};

type AlertProps = { tone?: AlertTone; title?: ReactNode; children?: ReactNode; className?: string; id?: string };

/**
 * A message box; errors are announced at once (role alert), the rest politely (role status). A word longer than the
 * box (an email address, an id) wraps inside it: "… was added" once stuck out of a phone's screen.
 */
export function Alert({ tone = "info", title, children, className, id }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === "error" ? "alert" : "status"}
      className={cn("rounded-control border-l-4 p-4 text-fg wrap-anywhere", tones[tone], className)}
    >
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={cn(title ? "mt-1" : undefined)}>{children}</div> : null}
    </div>
  );
}
