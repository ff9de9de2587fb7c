import type { ComponentProps, ReactNode } from "react";
import { controlClasses, Field } from "@/components/ui/field";

type TextFieldProps = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  optionalText?: string;
};

export function TextField({ id, label, hint, error, optionalText, className, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optionalText={optionalText} className={className}>
      {(control) => <input {...control} className={controlClasses(Boolean(error))} {...input} />}
    </Field>
  );
}
