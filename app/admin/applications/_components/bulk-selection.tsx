"use client";

import { createContext, useContext, useMemo, useState, type ReactNode } from "react";

// The rows of this page chosen for bulk work: the row checkboxes, "select all on this page" and the bar share it.

type Selection = { pageIds: string[]; chosen: Set<string>; toggle: (id: string, on: boolean) => void; setAll: (on: boolean) => void };

const SelectionContext = createContext<Selection>({ pageIds: [], chosen: new Set(), toggle: () => {}, setAll: () => {} });

export const useSelection = () => useContext(SelectionContext);

export function BulkSelection({ pageIds, children }: { pageIds: string[]; children: ReactNode }) {
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const value = useMemo<Selection>(
    () => ({
      pageIds,
      // Only rows still on the page count (after a refresh, a resolved row may have left it).
      chosen: new Set([...chosen].filter((id) => pageIds.includes(id))),
      toggle: (id, on) =>
        setChosen((now) => {
          const next = new Set(now);
          if (on) next.add(id);
          else next.delete(id);
          return next;
        }),
      setAll: (on) => setChosen(on ? new Set(pageIds) : new Set()),
    }),
    [chosen, pageIds],
  );
  return <SelectionContext.Provider value={value}>{children}</SelectionContext.Provider>;
}

const BOX = "size-6 accent-brand";

/** A row's checkbox, labelled with the row's name (a visually hidden label: the row shows the name beside it). */
export function RowCheck({ id, label }: { id: string; label: string }) {
  const { chosen, toggle } = useSelection();
  return (
    <span className="flex min-h-6 items-center">
      <input id={`pick-${id}`} type="checkbox" className={BOX} checked={chosen.has(id)} onChange={(e) => toggle(id, e.target.checked)} />
      <label htmlFor={`pick-${id}`} className="sr-only">
        {label}
      </label>
    </span>
  );
}

/** "Select all on this page": checked when every row is, mixed when some are. */
export function SelectAllCheck({ label }: { label: string }) {
  const { chosen, pageIds, setAll } = useSelection();
  const all = pageIds.length > 0 && chosen.size === pageIds.length;
  return (
    <span className="flex min-h-6 items-center">
      <input
        id="pick-all"
        type="checkbox"
        className={BOX}
        checked={all}
        ref={(el) => {
          if (el) el.indeterminate = chosen.size > 0 && !all;
        }}
        onChange={(e) => setAll(e.target.checked)}
      />
      <label htmlFor="pick-all" className="ml-2">
        {label}
      </label>
    </span>
  );
}
