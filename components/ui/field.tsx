import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type FieldControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

type FieldProps = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Marks an optional field in the label, e.g. "(optional)"; required is the default. */
  optionalText?: string;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, hint and error around one control; the control is described by the hint and the error. */
export function Field({ id, label, hint, error, optionalText, className, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", error && "border-l-4 border-danger pl-3", className)}>
      <label htmlFor={id} className="font-semibold">
        {label}
        {optionalText ? <span className="font-normal text-fg-muted"> {optionalText}</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
    </div>
  );
}

export const controlClasses = (invalid: boolean) =>
  cn(
    "min-h-11 w-full rounded-control border bg-surface px-3 py-2 text-base text-fg placeholder:text-fg-muted",
    invalid ? "border-danger border-2" : "border-border-strong",
  );
