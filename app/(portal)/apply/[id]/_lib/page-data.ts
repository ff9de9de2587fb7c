import "server-only";
import { cookies } from "next/headers";
import { notFound } from "next/navigation";
import { isPortalError } from "@/lib/errors";
import { getProduct } from "@/lib/issuer";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import type { PlanGroup, PlanStep, ProductRequirements, StepId } from "@/lib/requirements/types";
import { accessCookieName, loadWithAccess } from "@/lib/applications/access";
import { productSummary } from "@/lib/applications/catalog";
import { requestDeps } from "@/app/_lib/application-request";
import { toRequirements } from "@/lib/applications/product";
import { applicationView, type ApplicationView } from "@/lib/applications/view";

export type ApplicationPage = {
  view: ApplicationView;
  product: ReturnType<typeof productSummary>;
  requirements: ProductRequirements;
  steps: PlanStep[];
  groups: PlanGroup[];
};

/** What every application page needs, for the browser holding the access cookie; anyone else gets the 404 page. */
export async function loadApplicationPage(id: string): Promise<ApplicationPage> {
  const deps = await requestDeps();
  const jar = await cookies();
  try {
    const app = await loadWithAccess(deps, id, jar.get(accessCookieName(id))?.value);
    const product = await getProduct(app.productId, deps.issuer);
    if (!product) notFound();
    const requirements = toRequirements(product);
    const plan = buildFormPlan(requirements);
    return {
      view: await applicationView(deps, app),
      product: productSummary(product),
      requirements,
      steps: visibleSteps(plan),
      groups: plan.groups,
    };
  } catch (error) {
    if (isPortalError(error, "NOT_FOUND")) notFound();
    throw error;
  }
}

/** The step after `step`, or "review" after the last one. */
export function nextStepOf(steps: PlanStep[], step: StepId): StepId | "review" {
  const index = steps.findIndex((s) => s.id === step);
  return steps[index + 1]?.id ?? "review";
}

/** Where a person lands when opening their application: the form while a draft, the status page after. */
export function landingPath(page: ApplicationPage): string {
  const first = page.steps[0]?.id ?? "review";
  return page.view.state === "draft" ? `/apply/${page.view.id}/${first}` : `/apply/${page.view.id}/status`;
}
