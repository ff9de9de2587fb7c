import { cn } from "@/lib/utils";

type ProgressBarProps = {
  /** Percent done, 0..100; values outside are clamped. */
  value: number;
  /** Accessible name, e.g. "Uploading passport.jpg". */
  label: string;
  /** Spoken instead of the bare number when set, e.g. "40 percent, about 5 seconds left". */
  valueText?: string;
  className?: string;
};

/** A determinate progress bar with the percentage in text, so the state is not told by the bar alone. */
export function ProgressBar({ value, label, valueText, className }: ProgressBarProps) {
  const percent = Math.round(Math.min(100, Math.max(0, Number.isFinite(value) ? value : 0)));
  return (
    <div className={cn("flex items-center gap-3", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={valueText}
        className="h-3 min-w-0 flex-1 overflow-hidden rounded-full border border-border-strong bg-surface-muted"
      >
        <div className="h-full bg-brand transition-[width] motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
      {/* The progressbar already announces its value; this copy is for the eyes only. */}
      <span aria-hidden="true" className="w-12 shrink-0 text-right text-sm font-semibold tabular-nums">
        {percent}%
      </span>
    </div>
  );
}
