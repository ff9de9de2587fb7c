"use client";

import { useEffect, useState } from "react";
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { useHydrating } from "@/components/ui/use-hydrating";
import { changedEarlyAnswers, controlsOf, readEarlyAnswers } from "@/components/apply/early-answers";

/**
 * Keeps what was typed into the server's HTML of form `formId` before hydration (read while hydrating, given to
 * the form once hydrated). Answers whether the page is still hydrating: Save waits for that.
 */
export function useEarlyAnswers(formId: string, form: UseFormReturn<FieldValues>): boolean {
  const hydrating = useHydrating();
  const [early] = useState(() =>
    hydrating && typeof document !== "undefined" ? readEarlyAnswers(controlsOf(document.getElementById(formId))) : null,
  );
  useEffect(() => {
    for (const [path, value] of changedEarlyAnswers(early ?? new Map<string, string>(), (p) => form.getValues(p)))
      form.setValue(path, value, { shouldDirty: true });
  }, [early, form]);
  return hydrating;
}
