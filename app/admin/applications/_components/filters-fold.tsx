"use client";

import { useState, type ReactNode } from "react";
import { buttonClasses } from "@/components/ui/button";

/**
 * The queue's filters folded behind a button on a phone (the first row is then a few tabs away), always open from
 * the tablet width up, where the button is not shown. A real button with aria-expanded, controlling the region.
 */
export function FiltersFold({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex flex-col gap-3">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={buttonClasses("secondary", "md", "self-start md:hidden")}
      >
        {label}
      </button>
      <div id={id} className={open ? "block" : "hidden md:block"}>
        {children}
      </div>
    </div>
  );
}
