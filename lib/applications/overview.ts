import "server-only";
import { getProduct } from "@/lib/issuer";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import type { PlanGroup, PlanStep, ProductRequirements, StepId } from "@/lib/requirements/types";
import type { AppDeps } from "@/lib/applications/deps";
import { PortalError } from "@/lib/errors";
import type { Application } from "@/lib/db/schema";
import { productSummary, toRequirements } from "@/lib/applications/product";
import { resumeUrlOf } from "@/lib/applications/access";
import { readDraft, type Draft } from "@/lib/applications/draft-store";
import { applicationView, currentDocuments, kycUrlOf, type ApplicationView } from "@/lib/applications/view";

/**
 * Everything an application page shows to the browser that holds it: the API's view plus what only pages
 * show (the answers whole while a draft, so a step shows what was saved; the resume and identity-check links).
 */
export type ApplicationOverview = {
  view: ApplicationView;
  answers: Draft;
  documents: Awaited<ReturnType<typeof currentDocuments>>;
  kycUrl: string | null;
  resumeUrl: string | null;
  resumeExpiresAt: string;
  product: ReturnType<typeof productSummary>;
  requirements: ProductRequirements;
  steps: PlanStep[];
  groups: PlanGroup[];
};

export async function applicationOverview(deps: AppDeps, app: Application): Promise<ApplicationOverview> {
  const product = await getProduct(app.productId, deps.issuer);
  if (!product) throw new PortalError("NOT_FOUND", "The card of this application is no longer offered.");
  const requirements = toRequirements(product);
  const plan = buildFormPlan(requirements);
  const draft = app.state === "draft";
  return {
    view: await applicationView(deps, app),
    answers: draft ? readDraft(app, deps.keys) : {},
    documents: draft ? await currentDocuments(deps, app) : [],
    kycUrl: kycUrlOf(deps, app),
    resumeUrl: resumeUrlOf(deps, app),
    resumeExpiresAt: app.resumeExpiresAt.toISOString(),
    product: productSummary(product),
    requirements,
    steps: visibleSteps(plan),
    groups: plan.groups,
  };
}

/** The step after `step`, or "review" after the last one. */
export function nextStepOf(steps: PlanStep[], step: StepId): StepId | "review" {
  const index = steps.findIndex((s) => s.id === step);
  return steps[index + 1]?.id ?? "review";
}

/** Where a person lands when opening their application: the form while a draft, the status page after. */
export function landingPath(page: ApplicationOverview): string {
  const first = page.steps[0]?.id ?? "review";
  return page.view.state === "draft" ? `/apply/${page.view.id}/${first}` : `/apply/${page.view.id}/status`;
}
