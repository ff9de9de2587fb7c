"use client";

import { useState, type ReactNode } from "react";
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
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset
      aria-describedby={describedBy}
      className={cn("m-0 flex min-w-0 flex-col gap-1.5 border-0 p-0", error && "border-l-4 border-solid border-danger pl-3")}
    >
      <legend className="mb-1.5 p-0 font-semibold">
        {legend}
        {optionalText ? <span className="font-normal text-fg-muted"> {optionalText}</span> : null}
      </legend>
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
    </fieldset>
  );
}
