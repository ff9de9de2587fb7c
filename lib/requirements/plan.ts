import { COUNTRY_PARTS } from "@/lib/requirements/address-formats";
import { ADDRESS_GROUPS, humanise, knownGroupDefaults, knownLeaf, postalRank, stepOf } from "@/lib/requirements/fields";
import { isAlwaysRequired } from "@/lib/requirements/required";
import {
  STEP_IDS,
  type FieldDescriptor,
  type FormPlan,
  type PlanField,
  type PlanGroup,
  type PlanStep,
  type ProductRequirements,
  type RequiredWhen,
} from "@/lib/requirements/types";

// Product descriptors -> ordered form steps. Known paths get their input, label and limit; unknown
// names still become labelled text fields, so a new upstream field never blocks an application.

// Names become object keys and dotted paths: no dots, no prototype keys.
const NAME_RE = /^[A-Za-z0-9_-]{1,64}$/;
const RESERVED = new Set(["__proto__", "constructor", "prototype"]);
const usable = (d: FieldDescriptor) => NAME_RE.test(d.name) && !RESERVED.has(d.name);

type Parent = { path: string };
type Acc = { fields: PlanField[]; groups: PlanGroup[] };

function uniqueUsable(list: FieldDescriptor[] | undefined): FieldDescriptor[] {
  const seen = new Set<string>();
  // Duplicate names: the first descriptor wins, as a JSON object would keep only one key anyway.
  return (list ?? []).filter((d) => usable(d) && !seen.has(d.name) && Boolean(seen.add(d.name)));
}

function leafField(d: FieldDescriptor, path: string, parent: Parent | undefined): PlanField {
  const known = knownLeaf(path);
  const field: PlanField = {
    path,
    name: d.name,
    labelKey: known ? `fields.${path}` : "fields.unknown",
    kind: known?.kind ?? "text",
    input: known?.input ?? "text",
    required: d.required,
  };
  if (!known) field.fallbackLabel = humanise(d.name) || d.name;
  if (known?.autocomplete) field.autocomplete = known.autocomplete;
  if (known?.hintKey) field.hintKey = known.hintKey;
  if (known?.options) field.options = known.options;
  if (known?.countryFilter) field.countryFilter = known.countryFilter;
  if (known?.hidden) field.hidden = true;
  if (parent) field.group = parent.path;
  // A postcode is asked only where the country has postcodes (the portal fills what the issuer requires where it has
  // none); a state or district only where the country writes one, unless the issuer requires it.
  const part = (COUNTRY_PARTS as readonly string[]).includes(d.name) ? d.name : undefined;
  if (part && (ADDRESS_GROUPS as readonly string[]).includes(parent?.path ?? "") && (part === "postcode" || !d.required)) {
    field.byCountry = true;
  }
  return field;
}

function walk(list: FieldDescriptor[], parent: Parent | undefined, acc: Acc): void {
  for (const d of uniqueUsable(list)) {
    const path = parent ? `${parent.path}.${d.name}` : d.name;
    const defaults = knownGroupDefaults(path);
    const children = uniqueUsable(d.fields);
    // Known leaves stay leaves whatever their descriptor says; known objects always nest; arrays are one value.
    const isGroup = !knownLeaf(path) && (defaults !== undefined || (children.length > 0 && d.type !== "array"));
    if (!isGroup) {
      acc.fields.push(leafField(d, path, parent));
      continue;
    }
    const group: PlanGroup = { path, name: d.name, labelKey: defaults ? `groups.${d.name}` : "groups.unknown", required: d.required };
    if (!defaults) group.fallbackLabel = humanise(d.name) || d.name;
    if (parent) group.parent = parent.path;
    acc.groups.push(group);
    walk(children.length > 0 ? children : (defaults ?? []), { path }, acc);
  }
}

export { isAlwaysRequired };

function implied(path: string, group: string, requiredWhen: RequiredWhen): PlanField {
  const name = path.slice(path.lastIndexOf(".") + 1);
  return { ...leafField({ name, type: "string", required: false }, path, { path: group }), requiredWhen, implied: true };
}

const KYC_OBJECTS = new Set(["identity", "billing_address", "residential_address", "kyc_verification"]);

/** The spec: Standard or Enhanced, or any KYC object required, means the full KYC flow. */
export function needsKyc(product: ProductRequirements): boolean {
  return product.kycLevel !== "Simplified" || product.requiredFields.some((d) => d.required && KYC_OBJECTS.has(d.name));
}

// The upstream's conditional rules, expressed on the plan so browser and server apply the same ones.
function addConditionalRules(product: ProductRequirements, acc: Acc): void {
  const find = (path: string) => acc.fields.find((f) => f.path === path);
  const usNational: RequiredWhen = { path: "nationality", equals: "US" };
  const ssn = find("ssn");
  if (ssn?.required) Object.assign(ssn, { required: false, requiredWhen: usNational });
  // Asked of US nationals only, when the form can tell who they are.
  if (ssn && find("nationality")) ssn.appliesWhen = usNational;

  // Non-passport documents need their back side when the product requires identity.
  const backSide: RequiredWhen = { path: "identity.type", notEquals: "PASSPORT" };
  let back = find("identity.back_file_id");
  if (acc.groups.some((g) => g.path === "identity" && g.required) && find("identity.type")) {
    if (!back) acc.fields.push((back = implied("identity.back_file_id", "identity", backSide)));
    else if (!back.required) back.requiredWhen = backSide;
  }
  // A passport has no back side: asked only once a document type with one is chosen (unless the product
  // demands the back of every document).
  if (back && !back.required && find("identity.type")) back.appliesWhen = backSide;

  // The portal sets the KYC method whenever the spec's full KYC flow applies, listed or not.
  if (!find("kyc_verification.method") && needsKyc(product)) {
    if (!acc.groups.some((g) => g.path === "kyc_verification")) {
      acc.groups.push({
        path: "kyc_verification",
        name: "kyc_verification",
        labelKey: "groups.kyc_verification",
        required: false,
        implied: true,
      });
    }
    acc.fields.push({
      ...leafField({ name: "method", type: "string", required: false }, "kyc_verification.method", { path: "kyc_verification" }),
      implied: true,
    });
  }
  // THIRD_PARTY verification needs a full proof; the portal must be able to send it even if unlisted.
  if (!find("kyc_verification.method")) return;
  const proofPath = "kyc_verification.kyc_proof";
  if (!acc.groups.some((g) => g.path === proofPath)) {
    acc.groups.push({
      path: proofPath,
      name: "kyc_proof",
      labelKey: "groups.kyc_proof",
      required: false,
      parent: "kyc_verification",
      implied: true,
    });
  }
  const thirdParty: RequiredWhen = { path: "kyc_verification.method", equals: "THIRD_PARTY" };
  for (const name of ["provider", "reference_id", "documents"]) {
    const path = `${proofPath}.${name}`;
    const field = find(path);
    if (!field) acc.fields.push(implied(path, proofPath, thirdParty));
    else if (!isAlwaysRequired(acc, field)) field.requiredWhen = thirdParty;
  }
}

/** Each address's fields in postal order, whatever order the product lists them in (a stable sort per group). */
function postalOrder(fields: PlanField[]): PlanField[] {
  const groupStart = (f: PlanField) => fields.findIndex((g) => g.group === f.group);
  const keyed = fields.map((f, i) => {
    const rank = postalRank(f.path);
    return { f, anchor: rank === undefined ? i : groupStart(f), rank: rank ?? 0, i };
  });
  keyed.sort((a, b) => a.anchor - b.anchor || a.rank - b.rank || a.i - b.i);
  return keyed.map((k) => k.f);
}

export function buildFormPlan(product: ProductRequirements): FormPlan {
  const acc: Acc = { fields: [], groups: [] };
  walk(product.requiredFields, undefined, acc);
  acc.fields = postalOrder(acc.fields);
  addConditionalRules(product, acc);
  const steps: PlanStep[] = STEP_IDS.map((id) => ({ id, fields: acc.fields.filter((f) => stepOf(f.path) === id) })).filter(
    (s) => s.fields.length > 0,
  );
  return { productId: product.id, steps, groups: acc.groups };
}

/** All fields of a plan, in order. */
export function planFields(plan: FormPlan): PlanField[] {
  return plan.steps.flatMap((s) => s.fields);
}

/** Steps the person sees: at least one field that is not set by the portal. */
export function visibleSteps(plan: FormPlan): PlanStep[] {
  return plan.steps.filter((s) => s.fields.some((f) => !f.hidden));
}
