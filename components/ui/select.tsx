import type { ComponentProps, ReactNode } from "react";
import { controlClasses, Field } from "@/components/ui/field";

export type SelectOption = { value: string; label: string; disabled?: boolean };

type SelectProps = Omit<ComponentProps<"select">, "id" | "children"> & {
  id: string;
  label: ReactNode;
  options: SelectOption[];
  /** Text of the empty first option, e.g. "Choose a country". */
  placeholder?: string;
  hint?: ReactNode;
  error?: string;
  optionalText?: string;
};

export function Select({ id, label, options, placeholder, hint, error, optionalText, className, ...select }: SelectProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optionalText={optionalText} className={className}>
      {(control) => (
        <select {...control} className={controlClasses(Boolean(error))} {...select}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
