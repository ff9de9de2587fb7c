import type { ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils";

export type RadioOption = { value: string; label: ReactNode; hint?: ReactNode; disabled?: boolean };

type RadioGroupProps = {
  /** The first radio gets this id, so an error summary link (#id) lands on the group. */
  id: string;
  name: string;
  legend: ReactNode;
  options: RadioOption[];
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  hint?: ReactNode;
  error?: string;
  optionalText?: string;
  required?: boolean;
  disabled?: boolean;
  /** Side by side from the sm breakpoint, for short choices such as Yes / No. */
  inline?: boolean;
  className?: string;
};

/** A controlled radio group in a fieldset; arrow keys move between options natively (same name). */
export function RadioGroup(props: RadioGroupProps) {
  const { id, name, legend, options, value, onChange, onBlur, hint, error, optionalText, required, disabled, inline, className } = props;
  return (
    <Field group={{ disabled }} id={id} label={legend} hint={hint} error={error} optionalText={optionalText} className={className}>
      {() => (
        <div className={cn("flex flex-col gap-1", inline && "sm:flex-row sm:flex-wrap sm:gap-x-6")}>
          {options.map((option, index) => {
            const radioId = index === 0 ? id : `${id}-${index}`;
            const optionHintId = option.hint ? `${radioId}-option-hint` : undefined;
            return (
              <div key={option.value} className="flex flex-col">
                {/* The whole row is the click target, comfortably above the 24px minimum. */}
                <label
                  htmlFor={radioId}
                  className="flex min-h-11 cursor-pointer items-center gap-3 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
                >
                  <input
                    id={radioId}
                    type="radio"
                    name={name}
                    value={option.value}
                    checked={value === option.value}
                    onChange={() => onChange(option.value)}
                    onBlur={onBlur}
                    required={required}
                    disabled={option.disabled}
                    aria-describedby={optionHintId}
                    className="size-6 shrink-0 accent-brand"
                  />
                  <span>{option.label}</span>
                </label>
                {option.hint ? (
                  <p id={optionHintId} className="pl-9 text-sm text-fg-muted">
                    {option.hint}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
      )}
    </Field>
  );
}
