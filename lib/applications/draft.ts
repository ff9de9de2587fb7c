import "server-only";
import { PortalError } from "@/lib/errors";
import { listApplicationFiles, lockApplication, patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { buildFormPlan } from "@/lib/requirements/plan";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import type { StepId } from "@/lib/requirements/types";
import type { AppDeps } from "@/lib/applications/deps";
import { mergeDraft, readDraft, sealDraft, type Draft } from "@/lib/applications/draft-store";
import { setPath, valueAt } from "@/lib/paths";
import { searchColumnsOf } from "@/lib/applications/search-index";
import { fieldApplies } from "@/lib/requirements/conditions";
import { requireEnabledProduct, toRequirements } from "@/lib/applications/product";

/**
 * Saves one step's answers, validated on the server with the same schema the browser uses.
 * The step's fields are replaced as a whole (a cleared optional answer is removed). Documents only
 * come from the upload endpoint: a file id that is not this application's is refused.
 */
export async function saveDraftStep(deps: AppDeps, app: Application, step: StepId, values: Draft): Promise<Application> {
  if (app.state !== "draft") throw new PortalError("INVALID_STATE", "This application was submitted; its answers can no longer change.");
  const product = await requireEnabledProduct(deps.issuer, app.productId);
  const requirements = toRequirements(product);
  const plan = buildFormPlan(requirements);
  const fields = plan.steps.find((s) => s.id === step)?.fields.filter((f) => !f.hidden);
  if (!fields) throw new PortalError("VALIDATION_ERROR", "This product has no such step.", { step: "errors.field.unknown_step" });

  // Documents arrive through the upload endpoint; a step that does not repeat them keeps the uploaded ones.
  let input = values;
  const stored = readDraft(app, deps.keys);
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
    if (current?.state !== "draft") return undefined;
    const now = readDraft(current, deps.keys);
    let draft = now;
    // The step's other fields are replaced as a whole (a cleared optional answer is removed).
    for (const field of fields.filter((f) => f.input !== "file")) draft = setPath(draft, field.path, undefined);
    draft = mergeDraft(draft, answers);
    for (const field of unnamedFiles) draft = setPath(draft, field.path, valueAt(now, field.path));
    // A question that no longer applies (a back side once the document is a passport) keeps no answer.
    for (const field of fields) if (!fieldApplies(field, draft)) draft = setPath(draft, field.path, undefined);
    return patchApplication(tx, app.id, {
      draftCiphertext: sealDraft(draft, deps.keys),
      ...searchColumnsOf(draft, deps.keys),
      lastStep: step,
    });
  });
  if (!saved) throw new PortalError("INVALID_STATE", "This application was submitted meanwhile; the answers were not saved.");
  return saved;
}
