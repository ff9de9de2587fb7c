import "server-only";
import { patchApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { validateCardholder } from "@/lib/issuer/resources/cardholders";
import type { IssuerProduct, ValidationIssue } from "@/lib/issuer/types";
import { restrictionKeyFor } from "@/lib/requirements/restrictions";
import type { AppDeps } from "@/lib/applications/deps";
import { payloadRevision } from "@/lib/applications/draft-revision";
import { answersOf } from "@/lib/applications/keys";
import { requireEnabledProduct } from "@/lib/applications/product";
import { validateDraft } from "@/lib/applications/validation";
import { forApplication } from "@/lib/issuer/client";

export type Prevalidation = { valid: boolean; fields: Record<string, string> };

/** How long the issuer's verdict on unchanged answers stands (its product rules change rarely; answers often). */
export const PREVALIDATION_TTL_MS = 60 * 60_000;

/** Upstream issues on field paths: missing fields and region rules, as message keys the form shows inline. */
export function issuesToFields(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.type === "MISSING_FIELDS") for (const path of issue.missingFields) fields[path] ??= "errors.field.required";
    else if (issue.field) fields[issue.field] ??= restrictionKeyFor(issue.field);
  }
  return fields;
}

/** The stored verdict, when it judged exactly these answers for this product within the last hour. */
function storedVerdict(deps: AppDeps, app: Application, revision: string): Prevalidation | undefined {
  const stored = app.prevalidation;
  const fresh = stored && deps.now().getTime() - Date.parse(stored.at) < PREVALIDATION_TTL_MS;
  return fresh && stored.revision === revision ? { valid: stored.valid, fields: stored.fields } : undefined;
}

/**
 * Local checks first, then the upstream's pre-validation (endpoint 7) for this product, before any KYC. The
 * issuer is asked once per version of the answers: a repeat (a script, a double click) gets the stored verdict.
 */
export async function prevalidate(
  deps: AppDeps,
  app: Application,
  product?: IssuerProduct,
): Promise<Prevalidation & { payload?: Record<string, unknown> }> {
  const chosen = product ?? (await requireEnabledProduct(deps.issuer, app.productId));
  const local = validateDraft(deps, app, chosen, await answersOf(deps, app));
  if (!local.ok) return { valid: false, fields: local.fields };
  const revision = payloadRevision(deps.keys, chosen.id, local.payload);
  const stored = storedVerdict(deps, app, revision);
  if (stored) return { ...stored, payload: local.payload };
  const upstream = await validateCardholder(forApplication(deps.issuer, app.id), { ...local.payload, card_product_id: chosen.id });
  const fields = issuesToFields(upstream.issues);
  const valid = upstream.valid && Object.keys(fields).length === 0;
  // Kept without touching updatedAt: a check is not an answer saved (retention and the queue read that time).
  const prevalidation = { revision, at: deps.now().toISOString(), valid, fields };
  await patchApplication(deps.db, app.id, { prevalidation, updatedAt: app.updatedAt }, ["draft"]);
  return { valid, fields, payload: local.payload };
}
