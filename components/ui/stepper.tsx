import { cn } from "@/lib/utils";

export type StepperLabels = { complete: string; current: string; upcoming: string };

type StepperProps = {
  steps: string[];
  /** Index of the current step (0-based). */
  current: number;
  /** Accessible name of the list, e.g. "Application progress". */
  label: string;
  /** Words read after each step name by screen readers. */
  stateLabels: StepperLabels;
};

/** Progress through named steps; the current one carries aria-current="step". */
export function Stepper({ steps, current, label, stateLabels }: StepperProps) {
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {steps.map((name, index) => {
          const state = index < current ? "complete" : index === current ? "current" : "upcoming";
          return (
            <li key={name} aria-current={state === "current" ? "step" : undefined} className="flex items-center gap-2">
              <span
                aria-hidden="true"
                className={cn(
                  "flex size-7 items-center justify-center rounded-full border-2 font-semibold",
                  state === "complete" && "border-success bg-success text-surface",
                  state === "current" && "border-brand bg-brand text-on-brand",
                  state === "upcoming" && "border-border-strong text-fg-muted",
                )}
              >
                {state === "complete" ? "✓" : index + 1}
              </span>
              <span className={cn(state === "current" ? "font-semibold" : "text-fg-muted")}>
                {name}
                <span className="sr-only"> ({stateLabels[state]})</span>
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
