import fc from "fast-check";
import { knownGroupDefaults, knownLeaf } from "@/lib/requirements/fields";
import type { FieldDescriptor, ProductRequirements } from "@/lib/requirements/types";

// Test support only: random products whose descriptor trees mix known and unknown names,
// nest up to three levels, and give sub-fields to object descriptors.

const MAX_DEPTH = 3;
const TOP_POOL = [
  "first_name",
  "last_name",
  "email",
  "birth_date",
  "gender",
  "nationality",
  "ssn",
  "mobile_number",
  "area_code",
  "mobile_country",
  "identity",
  "billing_address",
  "residential_address",
  "delivery_address",
  "kyc_verification",
  "loyalty_number",
  "employer",
  "referral_code",
  "tax_ID",
  "occupation",
];
// Unknown sub-field names, including names that are known elsewhere (they are unknown at this place).
const SUB_POOL = ["extra_note", "occupation", "email", "type", "country", "details", "level", "first_name"];

const pathOf = (parent: string | undefined, name: string) => (parent ? `${parent}.${name}` : name);

/** Sub-field names of an object: mostly its known members (if any), a few unknown ones, shuffled. */
function namesArb(parent: string | undefined): fc.Arbitrary<string[]> {
  if (parent === undefined) return fc.shuffledSubarray(TOP_POOL, { minLength: 1, maxLength: 14 });
  const known = [...(knownGroupDefaults(parent) ?? []).map((d) => d.name), ...(parent === "kyc_verification" ? ["kyc_proof"] : [])];
  const unknown = SUB_POOL.filter((n) => !known.includes(n));
  return fc
    .tuple(fc.shuffledSubarray(known), fc.shuffledSubarray(unknown, { maxLength: known.length > 0 ? 2 : 4 }))
    .map(([a, b]) => [...a, ...b])
    .filter((names) => names.length > 0)
    .chain((names) => fc.shuffledSubarray(names, { minLength: names.length }));
}

function leafArb(name: string, path: string): fc.Arbitrary<FieldDescriptor> {
  return fc.boolean().map((required) => ({ name, type: path === "gender" ? "integer" : "string", required }));
}

function descriptorArb(name: string, path: string, depth: number): fc.Arbitrary<FieldDescriptor> {
  if (knownLeaf(path)) return leafArb(name, path);
  const group = fc
    .tuple(fc.boolean(), childrenArb(path, depth + 1))
    .map(([required, fields]) => ({ name, type: "object", required, fields }));
  if (knownGroupDefaults(path)) return group;
  return depth >= MAX_DEPTH
    ? leafArb(name, path)
    : fc.oneof({ weight: 3, arbitrary: leafArb(name, path) }, { weight: 1, arbitrary: group });
}

function childrenArb(parent: string | undefined, depth: number): fc.Arbitrary<FieldDescriptor[]> {
  return namesArb(parent).chain((names) => fc.tuple(...names.map((n) => descriptorArb(n, pathOf(parent, n), depth))));
}

export const descriptorTreeArb: fc.Arbitrary<FieldDescriptor[]> = childrenArb(undefined, 1);

const restrictedList = (pool: string[]) => fc.oneof(fc.constant<string[]>([]), fc.subarray(pool, { minLength: 1 }));

export const productArb: fc.Arbitrary<ProductRequirements> = fc.record({
  id: fc.constant("prod_generated"),
  kycLevel: fc.constantFrom("Simplified", "Standard", "Enhanced"),
  requiredFields: descriptorTreeArb,
  // Supported and sanctioned nationalities never overlap, so some nationality is always allowed.
  supportNationality: restrictedList(["US", "GB", "DE", "HK"]),
  sanctionedNationality: restrictedList(["KP", "IR", "RU", "CU"]),
  supportBillingRegion: restrictedList(["US", "GB", "FR"]),
  supportAreaCode: restrictedList(["+1", "+44", "+852"]),
});

/** The leaf descriptors of a generated tree (dotted paths, depth-first): generated objects always have sub-fields. */
export function leafPaths(list: FieldDescriptor[], parent?: string): string[] {
  return list.flatMap((d) => (d.fields?.length ? leafPaths(d.fields, pathOf(parent, d.name)) : [pathOf(parent, d.name)]));
}
