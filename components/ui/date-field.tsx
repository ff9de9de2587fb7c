"use client";

import { useState, type ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { cn } from "@/lib/utils";

export type DatePartName = "day" | "month" | "year";
export type DateParts = Record<DatePartName, string>;

type DateFieldProps = {
  /** The first box shown gets this id (a link to #id lands on the date); the others `${id}-${part}`. */
  id: string;
  name: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** The box the error is about; without it every box is marked. */
  errorPart?: DatePartName;
  optionalText?: string;
  /** Order of the boxes: day, month, year in English; year, month, day in Chinese. */
  order: readonly DatePartName[];
  partLabels: Record<DatePartName, string>;
  defaultParts: DateParts;
  onPartsChange: (parts: DateParts) => void;
  onBlur?: () => void;
  /** Autofill a birthday (bday-day, bday-month, bday-year). */
  birthday?: boolean;
};

/** The id of one box of a date field, as links and focus need it. */
export const datePartId = (id: string, part: DatePartName, order: readonly DatePartName[]) => (order[0] === part ? id : `${id}-${part}`);

/** GOV.UK's date input: day, month and year as three numeric boxes in a fieldset, in the locale's order. */
export function DateField(props: DateFieldProps) {
  const { id, name, legend, hint, error, errorPart, optionalText, order, partLabels, defaultParts, onPartsChange, onBlur, birthday } =
    props;
  // The boxes keep what was typed ("7", not "07"); the form gets the joined value.
  const [parts, setParts] = useState(defaultParts);
  return (
    <Field group={{}} id={id} label={legend} hint={hint} error={error} optionalText={optionalText}>
      {() => (
        <div className="flex flex-wrap gap-4">
          {order.map((part) => {
            const partId = datePartId(id, part, order);
            const invalid = Boolean(error) && (errorPart === undefined || errorPart === part);
            return (
              <div key={part} className="flex flex-col gap-1">
                <label htmlFor={partId} className="text-sm">
                  {partLabels[part]}
                </label>
                <input
                  id={partId}
                  name={`${name}-${part}`}
                  type="text"
                  inputMode="numeric"
                  spellCheck={false}
                  autoComplete={birthday ? `bday-${part}` : "off"}
                  aria-invalid={invalid ? true : undefined}
                  value={parts[part]}
                  onChange={(event) => {
                    const next = { ...parts, [part]: event.target.value };
                    setParts(next);
                    onPartsChange(next);
                  }}
                  onBlur={onBlur}
                  className={cn(
                    "min-h-11 rounded-control border bg-surface px-3 py-2 text-base text-fg",
                    part === "year" ? "w-[5.5rem]" : "w-16",
                    invalid ? "border-2 border-danger" : "border-border-strong",
                  )}
                />
              </div>
            );
          })}
        </div>
      )}
    </Field>
  );
}
