"use client";

import { useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { valueAt } from "@/lib/dotted-paths";
import type { PlanField } from "@/lib/requirements/types";

// "I have only one name": the issuer needs a first and a last name. A person with one name types it once, in the
// last-name box (the primary identifier, where ICAO 9303 documents print a single name), and on save it is given as
// the first name too. Nothing extra is stored: equal first and last names show the box ticked again.

const text = (values: FieldValues, path: string) => {
  const value: unknown = valueAt(values, path);
  return typeof value === "string" ? value.trim() : "";
};

export function useOneName(form: UseFormReturn<FieldValues>, fields: PlanField[], draft: FieldValues) {
  const offered = ["first_name", "last_name"].every((path) => fields.some((f) => f.path === path && !f.hidden));
  const [ticked, setTicked] = useState(
    () => offered && text(draft, "last_name") !== "" && text(draft, "first_name") === text(draft, "last_name"),
  );
  const on = offered && ticked;
  return {
    offered,
    ticked: on,
    set: setTicked,
    /** The first-name box is left out while ticked. */
    hides: (field: PlanField) => on && field.path === "first_name",
    /** The one name's box: named and explained for what it is. */
    relabel: (field: PlanField): PlanField =>
      on && field.path === "last_name" ? { ...field, labelKey: "oneName.label", hintKey: "oneName.hint" } : field,
    /** Before validation: the one name is also the first name. */
    copy() {
      if (on) form.setValue("first_name", form.getValues("last_name"));
    },
  };
}
