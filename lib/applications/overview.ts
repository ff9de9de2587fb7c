import "server-only";
import { getProduct } from "@/lib/issuer";
import { buildFormPlan, visibleSteps } from "@/lib/requirements/plan";
import type { PlanGroup, PlanStep, ProductRequirements, StepId } from "@/lib/requirements/types";
import type { AppDeps } from "@/lib/applications/deps";
import { PortalError } from "@/lib/errors";
import type { Application } from "@/lib/db/schema";
import { productSummary, toRequirements } from "@/lib/applications/product";
import { resumeUrlOf } from "@/lib/applications/access";
import { type Draft } from "@/lib/applications/draft-store";
import { answersOf } from "@/lib/applications/keys";
import { applicationView, currentDocuments, kycUrlOf, type ApplicationView } from "@/lib/applications/view";
import { stepRevision } from "@/lib/applications/draft-revision";
import { contactSaved } from "@/lib/applications/mail";

/**
 * Everything an application page shows to the browser that holds it: the API's view plus what only pages
 * show (the answers whole while a draft, so a step shows what was saved; the resume and identity-check links).
 */
export type ApplicationOverview = {
  view: ApplicationView;
  answers: Draft;
  /** Per step, the revision of its saved answers: a step's page sends it back with a save (draft-revision.ts). */
  revisions: Partial<Record<StepId, string>>;
  /** The furthest step whose answers were saved (applications.last_step), where a returning person goes on. */
  lastStep: string | null;
  documents: Awaited<ReturnType<typeof currentDocuments>>;
  kycUrl: string | null;
  resumeUrl: string | null;
  resumeExpiresAt: string;
  /** Whether the resume panel offers to email the link (lib/applications/mail.ts's rules). */
  emailResume: "ready" | "needs-contact" | "off";
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
  const answers = draft ? await answersOf(deps, app) : {};
  const steps = visibleSteps(plan);
  return {
    view: await applicationView(deps, app),
    answers,
    revisions: draft ? Object.fromEntries(steps.map((s) => [s.id, stepRevision(deps.keys, answers, s.fields)])) : {},
    lastStep: app.lastStep,
    documents: draft ? await currentDocuments(deps, app) : [],
    kycUrl: await kycUrlOf(deps, app),
    resumeUrl: await resumeUrlOf(deps, app),
    resumeExpiresAt: app.resumeExpiresAt.toISOString(),
    emailResume: !deps.mail?.enabled ? "off" : contactSaved(app) && typeof answers.email === "string" ? "ready" : "needs-contact",
    product: productSummary(product),
    requirements,
    steps,
    groups: plan.groups,
  };
}

/** The step after `step`, or "review" after the last one. */
export function nextStepOf(steps: PlanStep[], step: StepId): StepId | "review" {
  const index = steps.findIndex((s) => s.id === step);
  return steps[index + 1]?.id ?? "review";
}

/**
 * Where a person lands when opening their application: while a draft, the step after the furthest one saved
 * (the first step of a new one, the review once every step was saved); the status page after.
 */
export function landingPath(page: ApplicationOverview): string {
  if (page.view.state !== "draft") return `/apply/${page.view.id}/status`;
  const reached = page.steps.find((s) => s.id === page.lastStep);
  return `/apply/${page.view.id}/${reached ? nextStepOf(page.steps, reached.id) : (page.steps[0]?.id ?? "review")}`;
}
