"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { cn } from "@/lib/utils";

/** The panel's texts by catalog key: each action has its own under one prefix (admin.actions.retry.hint, ...). */
export type ConfirmKey = "hint" | "button" | "confirmTitle" | "confirmBody" | "confirm" | "busy" | "cancel" | "errorTitle";

type Props = {
  say: (key: ConfirmKey) => string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
  /** Shown in the panel when the last try failed. */
  error?: ReactNode;
  variant?: ButtonVariant;
  className?: string;
  /** What the confirmation asks for besides a yes (a reason). */
  children?: ReactNode;
};

/** An action asked for twice: a hint and a button that opens an inline confirmation, which takes the focus. */
export function ConfirmPanel({ say, open, onOpenChange, onConfirm, busy, error, variant = "secondary", className, children }: Props) {
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);
  return (
    <>
      <p id={`${id}-hint`} className={cn("text-sm text-fg-muted", className)}>
        {say("hint")}
      </p>
      {!open ? (
        <Button variant={variant} className="mt-2" onClick={() => onOpenChange(true)} aria-describedby={`${id}-hint`}>
          {say("button")}
        </Button>
      ) : (
        <div
          ref={panel}
          tabIndex={-1}
          role="group"
          aria-labelledby={`${id}-title`}
          className={cn("mt-2 rounded-control border-2 border-border-strong p-4", className)}
        >
          <p id={`${id}-title`} className="font-semibold">
            {say("confirmTitle")}
          </p>
          <p className="mt-1 text-sm">{say("confirmBody")}</p>
          {children}
          {error ? (
            <Alert tone="error" title={say("errorTitle")} className="mt-3">
              {error}
            </Alert>
          ) : null}
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant={variant === "danger" ? "danger" : "primary"} onClick={onConfirm} busy={busy} disabled={busy}>
              {busy ? say("busy") : say("confirm")}
            </Button>
            <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={busy}>
              {say("cancel")}
            </Button>
          </div>
        </div>
      )}
    </>
  );
}
