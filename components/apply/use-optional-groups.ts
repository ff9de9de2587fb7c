"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { valueAt } from "@/lib/dotted-paths";
import type { PlanField, PlanGroup } from "@/lib/requirements/types";

const filled = (value: unknown) => value !== undefined && value !== null && value !== "";

/**
 * Optional objects asked behind a yes/no question ("Should we send the card somewhere other than your home?"): a
 * page of empty boxes marked optional says less than one question. Open when answered before; a "No" sends the
 * object empty. `excluded`: objects with their own control (an address that may be the billing one).
 */
export function useOptionalGroups(
  form: UseFormReturn<FieldValues>,
  groups: PlanGroup[],
  fields: PlanField[],
  draft: FieldValues,
  excluded: (group: string) => boolean,
) {
  const askable = groups.filter((g) => !g.required && !g.parent && !excluded(g.path) && fields.some((f) => f.group === g.path));
  const fieldsOf = (group: string) => fields.filter((f) => f.group === group);
  const [open, setOpen] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(askable.map((g) => [g.path, fieldsOf(g.path).some((f) => filled(valueAt(draft, f.path)))])),
  );
  return {
    asks: (group: string) => askable.some((g) => g.path === group),
    isOpen: (group: string) => open[group] === true,
    answer: (group: string, yes: boolean) => setOpen((o) => ({ ...o, [group]: yes })),
    /** Before a save: an object answered "No" is sent empty, whatever was typed in it before. */
    clearClosed: () => {
      for (const g of askable)
        if (!open[g.path]) for (const f of fieldsOf(g.path)) if (filled(form.getValues(f.path))) form.setValue(f.path, "");
    },
  };
}
