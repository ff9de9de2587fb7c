import { isSameAsBilling, sameAsBillingGroups } from "@/lib/applications/same-address";
import { valueAt } from "@/lib/dotted-paths";
import { fieldApplies } from "@/lib/requirements/conditions";
import { ADDRESS_GROUPS } from "@/lib/requirements/fields";
import type { PlanField, PlanGroup } from "@/lib/requirements/types";

// How a step's answers are grouped on the check-answers page: each object (an address, the document) in a
// section of its own, an address as one row, name and phone as one row each, an empty optional object as one.

export type ReviewRow =
  | { kind: "field"; field: PlanField }
  | { kind: "name"; given: PlanField; family: PlanField }
  | { kind: "phone"; code: PlanField; number: PlanField }
  | { kind: "address"; group: PlanGroup; fields: PlanField[] }
  | { kind: "notGiven"; group: PlanGroup; first: PlanField }
  | { kind: "sameAsBilling"; group: PlanGroup; first: PlanField };

/** `group` is set for an object's section; `titled` when it needs a heading of its own under the step's. */
export type ReviewSection = { key: string; group?: PlanGroup; titled: boolean; rows: ReviewRow[] };

/** The parts of an address shown together in postal form; other descriptors of an address stay rows of their own. */
export const ADDRESS_PARTS = ["line1", "line2", "district", "city", "state", "postcode", "country"] as const;

export const isAddressGroup = (path: string) => (ADDRESS_GROUPS as readonly string[]).includes(path);
const filled = (draft: Record<string, unknown>, f: PlanField) => {
  const value = valueAt(draft, f.path);
  return value !== undefined && value !== null && value !== "";
};

/** The outermost object a field belongs to (kyc_verification.kyc_proof.x -> kyc_verification). */
function topGroupOf(field: PlanField, groups: PlanGroup[]): PlanGroup | undefined {
  let group = groups.find((g) => g.path === field.group);
  while (group?.parent) group = groups.find((g) => g.path === group?.parent) ?? group;
  return group;
}

/** Top-level answers: given and family name as one row, calling code and number as one, where the step has both. */
function looseRows(fields: PlanField[]): ReviewRow[] {
  const find = (path: string) => fields.find((f) => f.path === path);
  const [given, family, code, number] = [find("first_name"), find("last_name"), find("area_code"), find("mobile_number")];
  const rows: ReviewRow[] = [];
  for (const field of fields) {
    if (given && family && (field === given || field === family)) {
      if (!rows.some((r) => r.kind === "name")) rows.push({ kind: "name", given, family });
    } else if (code && number && (field === code || field === number)) {
      if (!rows.some((r) => r.kind === "phone")) rows.push({ kind: "phone", code, number });
    } else rows.push({ kind: "field", field });
  }
  return rows;
}

function groupRows(group: PlanGroup, fields: PlanField[], draft: Record<string, unknown>, sameAsBilling: boolean): ReviewRow[] {
  const first = fields[0];
  if (!first) return [];
  if (!group.required && !fields.some((f) => filled(draft, f))) return [{ kind: "notGiven", group, first }];
  if (sameAsBilling) return [{ kind: "sameAsBilling", group, first }];
  if (!isAddressGroup(group.path)) return fields.map((field) => ({ kind: "field", field }));
  const parts = fields.filter((f) => f.group === group.path && (ADDRESS_PARTS as readonly string[]).includes(f.name));
  const rest = fields.filter((f) => !parts.includes(f));
  return [
    ...(parts.length > 0 ? [{ kind: "address" as const, group, fields: parts }] : []),
    ...rest.map((field) => ({ kind: "field" as const, field })),
  ];
}

/**
 * The sections of one step, in the order of its fields; fields set by the portal are left out, and so are questions
 * that do not apply to these answers (an SSN for a UK national, the back of a passport): no "Not given" for them.
 */
export function reviewSections(fields: PlanField[], groups: PlanGroup[], draft: Record<string, unknown>): ReviewSection[] {
  const visible = fields.filter((f) => !f.hidden && fieldApplies(f, draft));
  const copies = sameAsBillingGroups(visible).filter((g) => isSameAsBilling(draft, visible, g));
  const order: (PlanGroup | undefined)[] = [];
  for (const field of visible) {
    const group = topGroupOf(field, groups);
    if (!order.includes(group)) order.push(group);
  }
  return order.map((group) => {
    const own = visible.filter((f) => topGroupOf(f, groups) === group);
    return {
      key: group?.path ?? "answers",
      group,
      // A lone object needs no heading under its step's (the document); an address always says which one it is.
      titled: group !== undefined && (order.length > 1 || isAddressGroup(group.path)),
      rows: group ? groupRows(group, own, draft, copies.includes(group.path)) : looseRows(own),
    };
  });
}
