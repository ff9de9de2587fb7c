"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { Field } from "@/components/ui/field";
import { useHydrating } from "@/components/ui/use-hydrating";
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

/** The boxes' values in the server's HTML, when something was typed there; null otherwise. */
function typedBeforeHydration(id: string, order: readonly DatePartName[]): DateParts | null {
  const read = (part: DatePartName) => {
    const box = document.getElementById(datePartId(id, part, order));
    return box instanceof HTMLInputElement ? box.value : "";
  };
  const parts = { day: read("day"), month: read("month"), year: read("year") };
  return parts.day || parts.month || parts.year ? parts : null;
}

/** GOV.UK's date input: day, month and year as three numeric boxes in a fieldset, in the locale's order. */
export function DateField(props: DateFieldProps) {
  const { id, name, legend, hint, error, errorPart, optionalText, order, partLabels, defaultParts, onPartsChange, onBlur, birthday } =
    props;
  // The boxes keep what was typed ("7", not "07"); the form gets the joined value. While hydrating, what was typed
  // into the server's boxes before the script ran is read first and given to the form once.
  const hydrating = useHydrating();
  const [early] = useState(() => (hydrating && typeof document !== "undefined" ? typedBeforeHydration(id, order) : null));
  const [parts, setParts] = useState(early ?? defaultParts);
  const reported = useRef(false);
  useEffect(() => {
    if (!early || reported.current) return;
    reported.current = true;
    onPartsChange(early);
  });
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
