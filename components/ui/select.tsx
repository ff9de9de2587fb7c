import type { ComponentProps, ReactNode } from "react";
import { controlClasses, Field } from "@/components/ui/field";
import { optionsMarkup } from "@/components/ui/select-markup";

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

// A list this long (countries, calling codes) is written as markup rather than one React element per option:
// hydrating ~250 options per select was a large part of a form step's start-up work on a phone.
const LONG_LIST = 40;

export function Select({ id, label, options, placeholder, hint, error, optionalText, className, ...select }: SelectProps) {
  const selected = String(select.value ?? select.defaultValue ?? "");
  return (
    <Field id={id} label={label} hint={hint} error={error} optionalText={optionalText} className={className}>
      {(control) =>
        options.length >= LONG_LIST ? (
          <select
            {...control}
            className={controlClasses(Boolean(error))}
            {...select}
            dangerouslySetInnerHTML={optionsMarkup(options, placeholder, selected)}
          />
        ) : (
          <select {...control} className={controlClasses(Boolean(error))} {...select}>
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
        )
      }
    </Field>
  );
}
