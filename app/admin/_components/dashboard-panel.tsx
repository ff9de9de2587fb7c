import type { ReactNode } from "react";
import { Card, CardTitle } from "@/components/ui/card";

// One section of the dashboard: a heading, what the figure means, the figure, and its data table in a disclosure
// (the chart is a picture; the table is what screen readers and copy-paste get).

export function DashboardPanel({
  id,
  heading,
  lead,
  children,
  table,
  tableLabel,
  className,
}: {
  id: string;
  heading: string;
  lead: string;
  children?: ReactNode;
  table?: ReactNode;
  tableLabel?: string;
  className?: string;
}) {
  return (
    <Card aria-labelledby={`${id}-heading`} className={className}>
      <CardTitle>
        <span id={`${id}-heading`}>{heading}</span>
      </CardTitle>
      <p className="mt-1 text-sm text-fg-muted">{lead}</p>
      {children ? <div className="mt-4">{children}</div> : null}
      {table && tableLabel ? (
        <details className="mt-4">
          <summary className="cursor-pointer font-semibold text-brand underline-offset-2 hover:underline">{tableLabel}</summary>
          <div className="mt-3">{table}</div>
        </details>
      ) : (
        table
      )}
    </Card>
  );
}
