import Link from "next/link";
import type { ReactNode } from "react";
import { LinkPending } from "@/components/ui/link-pending";
import { cn } from "@/lib/utils";

export type SummaryRow = {
  key: string;
  label: string;
  value: ReactNode;
  /** Where the answer is changed; the link shows only with both href and changeLabel. */
  href?: string;
  /** Visible link text, e.g. "Change". */
  changeLabel?: string;
  /** Read after changeLabel by screen readers only, e.g. "first name", so each link is distinct. */
  changeHiddenText?: string;
};

type SummaryListProps = { rows: SummaryRow[]; className?: string };

const isEmpty = (value: ReactNode) =>
  value === null || value === undefined || value === false || (typeof value === "string" && value.trim() === "");

/** Check-your-answers list: question, answer and a change link per row; stacked on phones. */
export function SummaryList({ rows, className }: SummaryListProps) {
  return (
    <dl className={cn("border-t border-border", className)}>
      {rows.map((row) => (
        <div
          key={row.key}
          className="flex flex-col gap-1 border-b border-border py-3 sm:grid sm:grid-cols-[minmax(0,2fr)_minmax(0,3fr)_auto] sm:gap-4"
        >
          <dt className="font-semibold">{row.label}</dt>
          <dd className="break-words">{isEmpty(row.value) ? "—" : row.value}</dd>
          <dd className="sm:text-right">
            {row.href && row.changeLabel ? (
              <Link href={row.href} className="inline-flex min-h-6 items-center gap-2">
                {row.changeLabel}
                {row.changeHiddenText ? <span className="sr-only"> {row.changeHiddenText}</span> : null}
                <LinkPending />
              </Link>
            ) : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}
