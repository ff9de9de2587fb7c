import { z } from "zod";
import { parseDate } from "@/lib/requirements/dates";
import type { ErrorKey } from "@/lib/requirements/error-keys";
import { buildFormPlan, planFields } from "@/lib/requirements/plan";
import { restrictionIssues } from "@/lib/requirements/restrictions";
import type { CardholderPayload, FormPlan, PlanField, PlanGroup, ProductRequirements, StepId } from "@/lib/requirements/types";
import { isPlainObject, valueAt } from "@/lib/dotted-paths";
import { blankToUndefined, isBlankDeep, prune, valueSchema } from "@/lib/requirements/value-schemas";
import { dropInapplicable, partApplies } from "@/lib/requirements/conditions";
import { identityNumberProblem } from "@/lib/requirements/identity-number";
import { knowsCallingCode, normaliseMobile } from "@/lib/requirements/phone";

// One zod schema per product (or per step), used by the browser and again by the server.
// Requirement checks run even when other fields are malformed, so a form shows every problem at once.

export { countryOptions } from "@/lib/requirements/restrictions";

export type SchemaOptions = { now: Date; step?: StepId };
export type CardholderSchema = z.ZodType<CardholderPayload, unknown>;

const ALWAYS = { when: () => true };
type Ctx = z.RefinementCtx;
const report = (ctx: Ctx, path: string, message: ErrorKey) =>
  ctx.addIssue({ code: "custom", message, path: path.split("."), input: undefined });

type Node = { fields: PlanField[]; groups: { group: PlanGroup; node: Node }[] };

function buildNode(fields: PlanField[], groups: PlanGroup[], parent: string | undefined): Node {
  const inScope = (g: PlanGroup) => g.parent === parent && fields.some((f) => f.path.startsWith(`${g.path}.`));
  return {
    fields: fields.filter((f) => f.group === parent),
    groups: groups.filter(inScope).map((group) => ({ group, node: buildNode(fields, groups, group.path) })),
  };
}

function firstLeaf(node: Node): PlanField | undefined {
  return node.fields[0] ?? node.groups.map((g) => firstLeaf(g.node)).find(Boolean);
}

type Build = { now: Date; plan: FormPlan; step: boolean };

// Like the upstream: a required object with no required member still needs some answer in it. Judged on
// the whole plan, and not per step when the portal's hidden fields may be what fills it.
function needsAnyAnswer(group: PlanGroup | undefined, build: Build): boolean {
  if (!group?.required) return false;
  const members = planFields(build.plan).filter((f) => f.path.startsWith(`${group.path}.`));
  if (members.some((f) => f.group === group.path && f.required)) return false;
  if (build.plan.groups.some((g) => g.parent === group.path && g.required)) return false;
  return !(build.step && members.some((f) => f.hidden));
}

function objectSchema(node: Node, build: Build, group?: PlanGroup): z.ZodType {
  const shape: Record<string, z.ZodType> = {};
  for (const f of node.fields) shape[f.name] = z.preprocess(blankToUndefined, valueSchema(f.kind, build.now).optional());
  for (const child of node.groups) shape[child.group.name] = groupSchema(child.node, build, child.group);

  const requiredNames = node.fields.filter((f) => f.required).map((f) => f.name);
  const byCountry = new Set(node.fields.filter((f) => f.byCountry).map((f) => f.name));
  const needsAny = needsAnyAnswer(group, build);
  const anchor = firstLeaf(node)?.path;
  return z.object(shape, { error: "errors.field.invalid" }).superRefine((value, ctx) => {
    if (!isPlainObject(value)) return;
    // A postcode is not due in a country without postcodes (the same rule hides its box in the browser).
    const due = (name: string) => !byCountry.has(name) || partApplies(name, value.country);
    const missing = requiredNames.filter((name) => value[name] === undefined && due(name));
    // An optional group, once started, is either completed or left whole: one message on its first missing
    // answer, not one "required" per box (an empty one never gets here: groupSchema drops it).
    const started = group !== undefined && !group.required;
    for (const name of started ? missing.slice(0, 1) : missing) {
      const message = started ? "errors.field.group_incomplete" : "errors.field.required";
      ctx.addIssue({ code: "custom", message, path: [name], input: undefined });
    }
    if (needsAny && anchor && group && isBlankDeep(value)) {
      ctx.addIssue({
        code: "custom",
        message: "errors.field.required",
        path: anchor.slice(group.path.length + 1).split("."),
        input: undefined,
      });
    }
  }, ALWAYS);
}

function groupSchema(node: Node, build: Build, group: PlanGroup): z.ZodType {
  const object = objectSchema(node, build, group);
  // A required object that was left out is checked as empty (its required members are reported);
  // an optional one left blank is dropped, but once started its required members are due.
  if (group.required) return z.preprocess((v) => (v === undefined || v === null ? {} : v), object);
  return z.preprocess((v) => (isBlankDeep(v) ? undefined : v), object.optional());
}

function crossFieldRules(product: ProductRequirements, fields: PlanField[]) {
  const has = (path: string) => fields.some((f) => f.path === path);
  return (value: unknown, ctx: Ctx) => {
    if (!isPlainObject(value)) return;
    for (const f of fields) {
      const rule = f.requiredWhen;
      const condition = rule ? valueAt(value, rule.path) : undefined;
      if (!rule || typeof condition !== "string" || !isBlankDeep(valueAt(value, f.path))) continue;
      if ("equals" in rule ? condition === rule.equals : condition !== rule.notEquals) report(ctx, f.path, "errors.field.required");
    }
    const issued = valueAt(value, "identity.issue_date");
    const expires = valueAt(value, "identity.expiry_date");
    if (has("identity.issue_date") && parseDate(issued) && parseDate(expires) && String(expires) <= String(issued)) {
      report(ctx, "identity.expiry_date", "errors.field.expiry_before_issue");
    }
    const areaCode = valueAt(value, "area_code");
    const mobile = valueAt(value, "mobile_number");
    if (typeof mobile === "string" && mobileProblem(areaCode, mobile)) report(ctx, "mobile_number", "errors.field.mobile_number");
    const documentType = valueAt(value, "identity.type");
    const documentNumber = valueAt(value, "identity.number");
    const numberProblem = typeof documentNumber === "string" ? identityNumberProblem(documentType, documentNumber) : undefined;
    if (numberProblem) report(ctx, "identity.number", numberProblem);
    const method = valueAt(value, "kyc_verification.method");
    if (has("kyc_verification.method") && method === "REDIRECT_LINK" && !isBlankDeep(valueAt(value, "kyc_verification.kyc_proof"))) {
      report(ctx, "kyc_verification.kyc_proof", "errors.field.kyc_proof_not_allowed");
    }
    const scoped = (path: string) => (has(path) ? valueAt(value, path) : undefined);
    const restricted = {
      nationality: scoped("nationality"),
      billingCountry: scoped("billing_address.country"),
      areaCode: scoped("area_code"),
    };
    for (const issue of restrictionIssues(product, restricted)) report(ctx, issue.path, issue.message);
  };
}

/**
 * The cardholder schema of a product: the whole cardholder, or one step's fields (without the fields the
 * portal sets itself). Output: trimmed strings, gender as a number, unanswered optional fields removed.
 */
export function buildCardholderSchema(product: ProductRequirements, options: SchemaOptions): CardholderSchema {
  const plan = buildFormPlan(product);
  const fields = options.step ? (plan.steps.find((s) => s.id === options.step)?.fields.filter((f) => !f.hidden) ?? []) : planFields(plan);
  const build: Build = { now: options.now, plan, step: options.step !== undefined };
  const root = objectSchema(buildNode(fields, plan.groups, undefined), build);
  return z
    .preprocess((v) => dropInapplicable(fields, v), root.superRefine(crossFieldRules(product, fields), ALWAYS))
    .transform((v) => withNationalMobile(prune(v) as CardholderPayload));
}

/** A number the calling code cannot dial; one typed in international form ("+44 …") must carry the chosen code. */
function mobileProblem(areaCode: unknown, mobile: string): boolean {
  const international = mobile.startsWith("+");
  if (typeof areaCode !== "string" || !knowsCallingCode(areaCode)) return international;
  return !normaliseMobile(areaCode, mobile);
}

/** A number typed with its trunk prefix ("07700 900123" with +44) is stored without it. */
function withNationalMobile(payload: CardholderPayload): CardholderPayload {
  const { area_code: areaCode, mobile_number: mobile } = payload;
  const national = areaCode && mobile ? normaliseMobile(areaCode, mobile) : undefined;
  return national && national !== mobile ? { ...payload, mobile_number: national } : payload;
}
