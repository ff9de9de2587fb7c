"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { BILLING, billingCopy, isSameAsBilling, sameAsBillingGroups } from "@/lib/applications/same-address";
import { valueAt } from "@/lib/dotted-paths";
import type { PlanField } from "@/lib/requirements/types";

// The "Same as billing address" boxes of a step: ticked, an address's fields are hidden and, on save, filled
// from the billing address, so what is sent and stored is a whole address and the server needs no new flag.

const empty = (draft: FieldValues, fields: PlanField[], group: string) =>
  fields.filter((f) => f.group === group).every((f) => [undefined, null, ""].includes(valueAt(draft, f.path) as string));

export function useSameAsBilling(form: UseFormReturn<FieldValues>, fields: PlanField[], draft: FieldValues) {
  const offered = sameAsBillingGroups(fields);
  // Ticked at first when the saved address is a copy, or nothing was given yet: most people live where they are billed.
  const [ticked, setTicked] = useState<Record<string, boolean>>(() =>
    Object.fromEntries(offered.map((g) => [g, isSameAsBilling(draft, fields, g) || empty(draft, fields, g)])),
  );
  const isTicked = (group: string) => offered.includes(group) && ticked[group] === true;

  return {
    offered: (group: string) => offered.includes(group),
    isTicked,
    /** A field left out while its address is given as the billing one. */
    hides: (field: PlanField) => field.group !== undefined && isTicked(field.group),
    set: (group: string, value: boolean) => setTicked((t) => ({ ...t, [group]: value })),
    /** Before validation: each ticked address takes billing's answers. */
    copy() {
      for (const group of offered.filter(isTicked))
        for (const [path, value] of billingCopy(form.getValues(), fields, group)) form.setValue(path, value);
    },
    /**
     * After a failed validation: a ticked address with a problem of its own is shown, so the problem can be seen.
     * While the billing address has problems, the copy's are only those again: it stays ticked.
     */
    reveal(errors: FieldValues) {
      if (valueAt(errors, BILLING) !== undefined) return;
      const failing = offered.filter((g) => isTicked(g) && valueAt(errors, g) !== undefined);
      if (failing.length > 0) setTicked((t) => ({ ...t, ...Object.fromEntries(failing.map((g) => [g, false])) }));
    },
  };
}
