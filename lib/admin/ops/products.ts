import "server-only";
import { productSummary, toRequirements } from "@/lib/applications/product";
import { getEnv } from "@/lib/env";
import { getProducts } from "@/lib/issuer";
import type { IssuerProduct } from "@/lib/issuer/types";
import { buildFormPlan, isAlwaysRequired, visibleSteps } from "@/lib/requirements/plan";
import type { FieldDescriptor, StepId } from "@/lib/requirements/types";

// The catalog as /admin/products shows it: each product's fields as the issuer describes them, and the steps
// of the applicant's form built by the same plan as lib/requirements (a read-only preview).

export type FieldNode = { name: string; type: string; required: boolean; children: FieldNode[] };
export type PreviewQuestion = { path: string; labelKey: string; fallbackLabel?: string; need: "required" | "optional" | "conditional" };
export type PreviewStep = { id: StepId; questions: PreviewQuestion[] };
export type CatalogProduct = ReturnType<typeof productSummary> & {
  status: string;
  minRechargeAmount: number;
  fields: FieldNode[];
  steps: PreviewStep[];
  /** The portal's start page with this card chosen. */
  inviteUrl: string;
};

const tree = (descriptors: readonly FieldDescriptor[]): FieldNode[] =>
  descriptors.map((d) => ({ name: d.name, type: d.type, required: d.required, children: tree(d.fields ?? []) }));

export function catalogEntry(product: IssuerProduct, appUrl: string): CatalogProduct {
  const plan = buildFormPlan(toRequirements(product));
  const steps = visibleSteps(plan).map((step) => ({
    id: step.id,
    questions: step.fields
      .filter((f) => !f.hidden)
      .map((f): PreviewQuestion => ({
        path: f.path,
        labelKey: f.labelKey,
        fallbackLabel: f.fallbackLabel,
        need: isAlwaysRequired(plan, f) ? "required" : f.requiredWhen ? "conditional" : "optional",
      })),
  }));
  return {
    ...productSummary(product),
    status: product.status,
    minRechargeAmount: product.minRechargeAmount,
    fields: tree(product.requiredFields),
    steps,
    inviteUrl: `${appUrl}/?product=${encodeURIComponent(product.id)}`,
  };
}

/** The whole catalog, or null when the issuer cannot be reached (the page says so plainly). */
export async function loadCatalog(): Promise<CatalogProduct[] | null> {
  try {
    return (await getProducts()).map((p) => catalogEntry(p, getEnv().appUrl));
  } catch {
    return null;
  }
}
