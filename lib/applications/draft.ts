import "server-only";
import { PortalError } from "@/lib/errors";
import { listApplicationFiles, lockApplication, patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { buildFormPlan } from "@/lib/requirements/plan";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import type { StepId } from "@/lib/requirements/types";
import type { AppDeps } from "@/lib/applications/deps";
import { refuseErased } from "@/lib/applications/erased";
import { mergeDraft, readDraft, sealDraft, type Draft } from "@/lib/applications/draft-store";
import { answersOf, sealingKeys } from "@/lib/applications/keys";
import { setPath, valueAt } from "@/lib/dotted-paths";
import { searchColumnsOf } from "@/lib/applications/search-index";
import { fieldApplies } from "@/lib/requirements/conditions";
import { requireEnabledProduct, toRequirements } from "@/lib/applications/product";
import { requireSameRevision, stepRevision } from "@/lib/applications/draft-revision";

/**
 * Saves one step's answers, validated on the server with the same schema the browser uses.
 * The step's fields are replaced as a whole (a cleared optional answer is removed). Documents only
 * come from the upload endpoint: a file id that is not this application's is refused. `revision`: the step's
 * revision the page was rendered from (draft-revision.ts); a save from an older view is refused with 409.
 */
export async function saveDraftStep(deps: AppDeps, app: Application, step: StepId, values: Draft, revision?: string): Promise<Application> {
  if (app.state !== "draft") throw new PortalError("INVALID_STATE", "This application was submitted; its answers can no longer change.");
  const { requirements, plan, fields } = await planOfStep(deps, app, step);

  // Documents arrive through the upload endpoint; a step that does not repeat them keeps the uploaded ones.
  let input = values;
  const ring = await sealingKeys(deps, app.id);
  const stored = readDraft(app, ring);
  requireSameRevision(deps.keys, stored, fields, revision);
  for (const field of fields.filter((f) => f.input === "file")) {
    if (valueAt(input, field.path) === undefined && valueAt(stored, field.path) !== undefined)
      input = setPath(input, field.path, valueAt(stored, field.path));
  }
  const parsed = buildCardholderSchema(requirements, { now: deps.now(), step }).safeParse(input);
  if (!parsed.success) throw new PortalError("VALIDATION_ERROR", "Some answers need a change.", fieldErrorsFromZod(parsed.error));
  const answers = parsed.data as Draft;

  const own = new Set((await listApplicationFiles(deps.db, app.id)).map((f) => f.fileId));
  const errors: Record<string, string> = {};
  for (const field of fields.filter((f) => f.input === "file")) {
    const value = valueAt(answers, field.path);
    if (typeof value === "string" && !own.has(value)) errors[field.path] = "errors.file.not_yours";
  }
  if (Object.keys(errors).length > 0) throw new PortalError("VALIDATION_ERROR", "A document does not belong to this application.", errors);

  // Written under the row lock, over the draft as it is now: a document uploaded meanwhile is kept.
  const unnamedFiles = fields.filter((f) => f.input === "file" && valueAt(values, f.path) === undefined);
  const saved = await deps.db.transaction(async (tx) => {
    const current = await lockApplication(tx, app.id);
    refuseErased(current);
    if (current?.state !== "draft") return undefined;
    const now = readDraft(current, ring);
    requireSameRevision(deps.keys, now, fields, revision);
    let draft = now;
    // The step's other fields are replaced as a whole (a cleared optional answer is removed).
    for (const field of fields.filter((f) => f.input !== "file")) draft = setPath(draft, field.path, undefined);
    draft = mergeDraft(draft, answers);
    for (const field of unnamedFiles) draft = setPath(draft, field.path, valueAt(now, field.path));
    // A question that no longer applies (a back side once the document is a passport) keeps no answer.
    for (const field of fields) if (!fieldApplies(field, draft)) draft = setPath(draft, field.path, undefined);
    return patchApplication(tx, app.id, {
      draftCiphertext: sealDraft(draft, ring),
      ...searchColumnsOf(draft, deps.keys),
      lastStep: furthestStep(plan.steps, current.lastStep, step),
    });
  });
  if (!saved) throw new PortalError("INVALID_STATE", "This application was submitted meanwhile; the answers were not saved.");
  return saved;
}

/** The revision of a step's saved answers, for a page that wants to know whether it shows them (Back, Forward). */
export async function draftRevisionOf(deps: AppDeps, app: Application, step: StepId): Promise<string> {
  if (app.state !== "draft") throw new PortalError("INVALID_STATE", "This application was submitted; its answers can no longer change.");
  return stepRevision(deps.keys, await answersOf(deps, app), (await planOfStep(deps, app, step)).fields);
}

async function planOfStep(deps: AppDeps, app: Application, step: StepId) {
  const requirements = toRequirements(await requireEnabledProduct(deps.issuer, app.productId));
  const plan = buildFormPlan(requirements);
  const fields = plan.steps.find((s) => s.id === step)?.fields.filter((f) => !f.hidden);
  if (!fields) throw new PortalError("VALIDATION_ERROR", "This product has no such step.", { step: "errors.field.unknown_step" });
  return { requirements, plan, fields };
}

/** The furthest of two steps in the plan's order: going back to change an answer keeps where the person had got to. */
function furthestStep(steps: Array<{ id: StepId }>, saved: string | null, step: StepId): StepId {
  const reached = steps.find((s) => s.id === saved);
  return reached && steps.indexOf(reached) > steps.findIndex((s) => s.id === step) ? reached.id : step;
}
