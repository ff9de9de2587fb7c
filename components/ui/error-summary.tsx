"use client";

import { useEffect, useId, useRef, type MouseEvent } from "react";
import { cn } from "@/lib/utils";

export type ErrorSummaryItem = { fieldId: string; message: string };

type ErrorSummaryProps = {
  /** Heading, e.g. "There is a problem". */
  title: string;
  errors: ErrorSummaryItem[];
  /** Change it (e.g. a submit count) to move focus back to the summary after another failed submit. */
  focusKey?: unknown;
  className?: string;
};

/** Moves focus to a field, scrolling its label or legend into view so the question is visible too. */
function focusField(event: MouseEvent<HTMLAnchorElement>, fieldId: string) {
  const field = document.getElementById(fieldId);
  if (!field) return; // Let the browser follow the fragment as a fallback.
  event.preventDefault();
  const legend = field.closest("fieldset")?.querySelector("legend");
  const label = document.querySelector(`label[for="${CSS.escape(fieldId)}"]`);
  (legend ?? label ?? field).scrollIntoView({ block: "start" });
  field.focus({ preventScroll: true });
}

/** GOV.UK-style list of a form's errors, linking to each field; it takes focus so it is read out first. */
export function ErrorSummary({ title, errors, focusKey, className }: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const hasErrors = errors.length > 0;

  useEffect(() => {
    if (hasErrors) ref.current?.focus();
  }, [hasErrors, focusKey]);

  if (!hasErrors) return null;
  return (
    // Announced when it takes focus (a failed submit, a file refused); not again as each fix while typing changes it.
    <div
      ref={ref}
      role="alert"
      aria-live="off"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cn("rounded-control border-4 border-danger bg-surface p-4 text-fg", className)}
    >
      <h2 id={titleId} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-3 flex flex-col gap-2">
        {errors.map((e) => (
          <li key={`${e.fieldId}:${e.message}`}>
            <a
              href={`#${e.fieldId}`}
              onClick={(event) => focusField(event, e.fieldId)}
              className="inline-block min-h-6 font-semibold text-danger hover:text-danger"
            >
              {e.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
