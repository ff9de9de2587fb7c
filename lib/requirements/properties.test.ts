import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { postalRank } from "@/lib/requirements/fields";
import { buildFormPlan, needsKyc, planFields } from "@/lib/requirements/plan";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import { NOW } from "@/lib/requirements/testing/sample-products";
import { leafPaths, productArb } from "@/lib/requirements/testing/trees";
import { setPath, valueAt as getPath } from "@/lib/dotted-paths";
import { requiredFor, validAnswersArb } from "@/lib/requirements/testing/values";
import { STEP_IDS, type FormPlan, type ProductRequirements, type StepId } from "@/lib/requirements/types";

const RUNS = { numRuns: 150 };

const STEP_OF_TOP: Record<string, StepId> = {
  email: "contact",
  mobile_number: "contact",
  area_code: "contact",
  mobile_country: "contact",
  identity: "identity-document",
  billing_address: "address",
  residential_address: "address",
  delivery_address: "address",
  kyc_verification: "verification",
};
const stepOfPath = (path: string): StepId => STEP_OF_TOP[path.split(".")[0] ?? ""] ?? "about-you";

/** The spec's conditional rules that add fields the descriptors did not list. */
function expectedImplied(product: ProductRequirements, plan: FormPlan, leaves: string[]): string[] {
  const implied: string[] = [];
  const identityRequired = plan.groups.some((g) => g.path === "identity" && g.required);
  if (identityRequired && leaves.includes("identity.type") && !leaves.includes("identity.back_file_id"))
    implied.push("identity.back_file_id");
  const hasMethod = leaves.includes("kyc_verification.method");
  if (!hasMethod && needsKyc(product)) implied.push("kyc_verification.method");
  if (hasMethod || needsKyc(product)) {
    for (const name of ["provider", "reference_id", "documents"]) {
      const path = `kyc_verification.kyc_proof.${name}`;
      if (!leaves.includes(path)) implied.push(path);
    }
  }
  return implied;
}

/** An address's own fields together, in postal order, where its first one was; everything else as given. */
function inPostalOrder(paths: string[]): string[] {
  const groupOf = (p: string) => (postalRank(p) === undefined ? undefined : p.split(".")[0]);
  const done = new Set<string>();
  return paths.flatMap((p) => {
    const group = groupOf(p);
    if (group === undefined) return [p];
    if (done.has(group)) return [];
    done.add(group);
    return paths.filter((q) => groupOf(q) === group).sort((a, b) => (postalRank(a) ?? 0) - (postalRank(b) ?? 0));
  });
}

describe("buildFormPlan over generated descriptor trees", () => {
  it("covers exactly the leaf descriptors, in descriptor order within steps ordered as STEP_IDS", () => {
    fc.assert(
      fc.property(productArb, (product) => {
        const plan = buildFormPlan(product);
        const leaves = leafPaths(product.requiredFields);
        const declared = planFields(plan).filter((f) => !f.implied);
        const expectedOrder = inPostalOrder(STEP_IDS.flatMap((step) => leaves.filter((p) => stepOfPath(p) === step)));
        expect(declared.map((f) => f.path)).toEqual(expectedOrder);
        const implied = planFields(plan)
          .filter((f) => f.implied)
          .map((f) => f.path);
        expect(implied.sort()).toEqual(expectedImplied(product, plan, leaves).sort());
        expect(plan.steps.map((s) => s.id)).toEqual(STEP_IDS.filter((id) => plan.steps.some((s) => s.id === id)));
        for (const step of plan.steps) {
          expect(step.fields.length).toBeGreaterThan(0);
          for (const f of step.fields) expect(stepOfPath(f.path)).toBe(step.id);
        }
      }),
      RUNS,
    );
  });

  it("labels every field: known paths by their key, unknown names as text with a humanised fallback", () => {
    fc.assert(
      fc.property(productArb, (product) => {
        for (const f of planFields(buildFormPlan(product))) {
          expect(f.name).toBe(f.path.split(".").at(-1));
          if (f.labelKey === "fields.unknown") {
            expect(f.kind).toBe("text");
            expect(f.input).toBe("text");
            expect(f.fallbackLabel).toMatch(/^[A-Z]/);
          } else {
            expect(f.labelKey).toBe(`fields.${f.path}`);
            expect(f.fallbackLabel).toBeUndefined();
          }
        }
      }),
      RUNS,
    );
  });
});

describe("buildCardholderSchema over generated descriptor trees", () => {
  const caseArb = productArb.chain((product) => {
    const plan = buildFormPlan(product);
    return validAnswersArb(plan, product, NOW).map((answers) => ({ product, plan, answers }));
  });

  it("accepts a generated valid cardholder", () => {
    fc.assert(
      fc.property(caseArb, ({ product, answers }) => {
        const parsed = buildCardholderSchema(product, { now: NOW }).safeParse(answers);
        expect(parsed.success ? {} : fieldErrorsFromZod(parsed.error)).toEqual({});
      }),
      RUNS,
    );
  });

  it("accepts a generated valid cardholder of a non-geographic calling code (fast-check seed -1293167541 made +800 0000)", () => {
    const product: ProductRequirements = {
      id: "prod_freephone",
      kycLevel: "Standard",
      requiredFields: [
        { name: "area_code", type: "string", required: true },
        { name: "mobile_number", type: "string", required: true },
        { name: "email", type: "string", required: true },
      ],
      supportNationality: [],
      sanctionedNationality: [],
      supportBillingRegion: [],
      supportAreaCode: ["+800", "+808", "+870", "+882"],
    };
    const schema = buildCardholderSchema(product, { now: NOW });
    for (const answers of fc.sample(validAnswersArb(buildFormPlan(product), product, NOW), { numRuns: 40, seed: -1293167541 })) {
      const parsed = schema.safeParse(answers);
      expect(parsed.success ? {} : fieldErrorsFromZod(parsed.error), JSON.stringify(answers)).toEqual({});
    }
  });

  it("refuses it with any one required field removed, with an error on that field's path", () => {
    fc.assert(
      fc.property(caseArb, ({ product, plan, answers }) => {
        const schema = buildCardholderSchema(product, { now: NOW });
        for (const field of planFields(plan)) {
          if (getPath(answers, field.path) === undefined || !requiredFor(plan, field, answers)) continue;
          for (const removed of [setPath(answers, field.path, undefined), setPath(answers, field.path, "  ")]) {
            const parsed = schema.safeParse(removed);
            expect(parsed.success, `${field.path} removed`).toBe(false);
            // A started optional group names its first missing answer only, with one "complete it or leave it" message.
            const inOptionalGroup = plan.groups.find((g) => g.path === field.group)?.required === false;
            if (!parsed.success && !inOptionalGroup) expect(fieldErrorsFromZod(parsed.error)[field.path]).toBe("errors.field.required");
            if (!parsed.success && inOptionalGroup) {
              const errors = fieldErrorsFromZod(parsed.error);
              const named =
                errors[field.path] === "errors.field.required" || Object.values(errors).includes("errors.field.group_incomplete");
              expect(named, JSON.stringify(errors)).toBe(true);
            }
          }
        }
      }),
      RUNS,
    );
  });

  it("checks each step on its own: the person's fields of that step only, same verdict", () => {
    fc.assert(
      fc.property(caseArb, ({ product, plan, answers }) => {
        for (const step of plan.steps) {
          const parsed = buildCardholderSchema(product, { now: NOW, step: step.id }).safeParse(answers);
          expect(parsed.success ? {} : fieldErrorsFromZod(parsed.error)).toEqual({});
          const keys = parsed.success ? Object.keys(parsed.data) : [];
          for (const key of keys) expect(stepOfPath(key)).toBe(step.id);
        }
      }),
      RUNS,
    );
  });
});
