import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

export type Column<Row> = { key: string; header: ReactNode; cell: (row: Row) => ReactNode; className?: string };

/**
 * A dense, readable table: a caption, header cells with scope, zebra rows, and a horizontal scroll of its own on
 * narrow screens (the page never scrolls sideways). `rowKey` keeps React's identity per row.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  id,
}: {
  /** The region's id, for a link that skips to it ("Skip to results"). */
  id?: string;
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: ReactNode;
}) {
  if (rows.length === 0)
    return (
      <p id={id} className="rounded-card border border-border bg-surface p-5 text-fg-muted">
        {empty}
      </p>
    );
  return (
    // A region that scrolls must be reachable by keyboard (axe: scrollable-region-focusable). Relative: an sr-only
    // label in a cell (position: absolute) stays in this box, else it widened a phone's page to the table's width.
    <div
      className="relative overflow-x-auto rounded-card border border-border bg-surface"
      role="region"
      aria-label={caption}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      id={id}
    >
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-surface-muted">
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" className={cn("whitespace-nowrap px-3 py-2 font-semibold", c.className)}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-border align-top even:bg-surface-muted/40">
              {columns.map((c) => (
                <td key={c.key} className={cn("px-3 py-2", c.className)}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
