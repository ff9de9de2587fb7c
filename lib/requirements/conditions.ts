import { setPath, valueAt, type Tree } from "@/lib/dotted-paths";
import { countryUses } from "@/lib/requirements/address-formats";
import type { PlanField, RequiredWhen } from "@/lib/requirements/types";

// Questions that apply only to some people (a US Social Security number, the back of a card-shaped document):
// the form shows them when they apply, and the server drops their answers when they do not.

/** Whether the rule holds for these answers; an unanswered condition never holds. */
export function ruleHolds(rule: RequiredWhen, values: unknown): boolean {
  const raw = valueAt(values, rule.path);
  const value = typeof raw === "string" ? raw.trim().toUpperCase() : "";
  if (value === "") return false;
  return "equals" in rule ? value === rule.equals : value !== rule.notEquals;
}

/** Whether a field is asked at all for these answers. */
type Conditional = Pick<PlanField, "appliesWhen"> & Partial<Pick<PlanField, "byCountry" | "group" | "name">>;

export function fieldApplies(field: Conditional, values: unknown): boolean {
  if (field.byCountry && !partApplies(field.name ?? "", valueAt(values, `${field.group ?? ""}.country`))) return false;
  return field.appliesWhen === undefined || ruleHolds(field.appliesWhen, values);
}

/** An address part whose presence depends on the country: asked unless the chosen country does not write it. */
export function partApplies(part: string, country: unknown): boolean {
  return countryUses(country, part);
}

/** The answers without those of questions that do not apply (never validated, sent or stored). */
export function dropInapplicable(fields: PlanField[], values: unknown): unknown {
  if (typeof values !== "object" || values === null || Array.isArray(values)) return values;
  let out = values as Tree;
  for (const field of fields) {
    if (!fieldApplies(field, values) && valueAt(out, field.path) !== undefined) out = setPath(out, field.path, undefined);
  }
  return out;
}
