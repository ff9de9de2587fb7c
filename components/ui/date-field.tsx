import type { ComponentProps, ReactNode } from "react";
import { controlClasses, Field } from "@/components/ui/field";
import { cn } from "@/lib/utils";

type DateFieldProps = Omit<ComponentProps<"input">, "id" | "type"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optionalText?: string;
};

/** A native date picker (value "YYYY-MM-DD"); pass autoComplete="bday" for a date of birth. */
export function DateField({ id, label, hint, error, optionalText, className, ...input }: DateFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optionalText={optionalText} className={className}>
      {(control) => (
        <input
          {...control}
          type="date"
          // iOS centres the value and collapses an empty date input; keep it aligned with text fields.
          className={cn(controlClasses(Boolean(error)), "sm:max-w-xs [&::-webkit-date-and-time-value]:text-left")}
          {...input}
        />
      )}
    </Field>
  );
}
