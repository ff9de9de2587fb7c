import type { FormPlan, PlanField } from "@/lib/requirements/types";

// Apart from plan.ts (which reaches the field registry and zod), so the step form can ask it in the browser.

/** Whether a field must always be filled: its own flag and every enclosing object's flag are set. */
export function isAlwaysRequired(plan: Pick<FormPlan, "groups">, field: PlanField): boolean {
  let required = field.required;
  for (let group = field.group; required && group !== undefined;) {
    const found = plan.groups.find((g) => g.path === group);
    required = found?.required ?? false;
    group = found?.parent;
  }
  return required;
}
