import { valueAt } from "@/lib/dotted-paths";
import { ADDRESS_GROUPS } from "@/lib/requirements/address-groups";
import type { PlanField } from "@/lib/requirements/types";

// "Same as billing address": another address on the billing address's step can be given as a copy of it.
// Nothing extra is stored: an address is "the same" when each of its parts equals billing's part of that name,
// so the choice survives reloads and shows on the check-answers page without a flag of its own.

export const BILLING = "billing_address";

/** Where the box lives, as a path: a Change link on the check-answers page lands on it. */
export const sameAsBillingPath = (group: string) => `${group}.same_as_billing`;

const text = (values: Record<string, unknown>, path: string) => {
  const value = valueAt(values, path);
  return value === undefined || value === null ? "" : String(value).trim();
};

/** The addresses of these fields that may be given as "the same as billing": every one but billing, when billing is there. */
export function sameAsBillingGroups(fields: PlanField[]): string[] {
  const groups = new Set(fields.map((f) => f.group).filter((g): g is string => g !== undefined));
  if (!groups.has(BILLING)) return [];
  return ADDRESS_GROUPS.filter((g) => g !== BILLING && groups.has(g));
}

const partsOf = (fields: PlanField[], group: string) => fields.filter((f) => f.group === group);

/** True when `group` has something and every part of it equals billing's part of the same name. */
export function isSameAsBilling(values: Record<string, unknown>, fields: PlanField[], group: string): boolean {
  const parts = partsOf(fields, group);
  if (parts.length === 0 || parts.every((f) => text(values, f.path) === "")) return false;
  return parts.every((f) => text(values, f.path) === text(values, `${BILLING}.${f.name}`));
}

/** The copy to write into `group`: each of its parts from billing's part of the same name ("" where billing has none). */
export function billingCopy(values: Record<string, unknown>, fields: PlanField[], group: string): Array<[string, string]> {
  return partsOf(fields, group).map((f) => [f.path, text(values, `${BILLING}.${f.name}`)]);
}
