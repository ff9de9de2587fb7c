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
  /** Several controls (boxes of a date, radios): a fieldset named by a legend and described by the hint and the error. */
  group?: { disabled?: boolean };
  /** The label's own id, for controls named by more than the label (the dropzone's buttons). */
  labelId?: string;
  /** Announce the error as it appears (the dropzone's refusals, which come without a submit). */
  errorRole?: "alert";
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The one label, hint and error around a field's control or controls, for every field of the form (text, select,
 * date, radios, upload). One control is described by the hint and the error through `control`; a group by its fieldset.
 */
export function Field({ id, label, hint, error, optionalText, className, group, labelId, errorRole, children }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const caption = (
    <>
      {label}
      {optionalText ? <span className="font-normal text-fg-muted"> {optionalText}</span> : null}
    </>
  );
  const body = (
    <>
      {hint ? (
        <p id={hintId} className="text-sm text-fg-muted">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role={errorRole} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      {children({ id, "aria-describedby": group ? undefined : describedBy, "aria-invalid": error ? true : undefined })}
    </>
  );
  if (group)
    return (
      <fieldset
        aria-describedby={describedBy}
        disabled={group.disabled}
        className={cn("m-0 flex min-w-0 flex-col gap-1.5 border-0 p-0", error && "border-l-4 border-solid border-danger pl-3", className)}
      >
        <legend className="mb-1.5 p-0 font-semibold">{caption}</legend>
        {body}
      </fieldset>
    );
  return (
    <div className={cn("flex flex-col gap-1.5", error && "border-l-4 border-danger pl-3", className)}>
      <label id={labelId} htmlFor={id} className="font-semibold">
        {caption}
      </label>
      {body}
    </div>
  );
}

export const controlClasses = (invalid: boolean) =>
  cn(
    "min-h-11 w-full rounded-control border bg-surface px-3 py-2 text-base text-fg placeholder:text-fg-muted",
    invalid ? "border-danger border-2" : "border-border-strong",
  );
