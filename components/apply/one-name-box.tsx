"use client";

import type { ReactNode } from "react";
import { fieldDomId } from "@/components/apply/field-ids";
import { Checkbox } from "@/components/ui/checkbox";

type OneName = { offered: boolean; ticked: boolean; set: (ticked: boolean) => void };

/**
 * A group's controls with "I have only one name" after the name boxes (whichever comes last in the reader's order),
 * when the step offers it (components/apply/use-one-name.ts).
 */
export function withOneNameBox(controls: ReactNode[], paths: string[], oneName: OneName, label: string): ReactNode[] {
  if (!oneName.offered || !paths.includes("last_name")) return controls;
  const after = Math.max(...paths.flatMap((path, i) => (path === "first_name" || path === "last_name" ? [i] : [])));
  const box = (
    <Checkbox
      key="one-name"
      id={fieldDomId("one_name")}
      label={label}
      checked={oneName.ticked}
      onChange={(e) => oneName.set(e.target.checked)}
    />
  );
  return [...controls.slice(0, after + 1), box, ...controls.slice(after + 1)];
}
