import "server-only";
import type { Application } from "@/lib/db/schema";
import { validateCardholder } from "@/lib/issuer/resources/cardholders";
import type { IssuerProduct, ValidationIssue } from "@/lib/issuer/types";
import { restrictionKeyFor } from "@/lib/requirements/restrictions";
import type { AppDeps } from "@/lib/applications/deps";
import { answersOf } from "@/lib/applications/keys";
import { requireEnabledProduct } from "@/lib/applications/product";
import { validateDraft } from "@/lib/applications/validation";
import { forApplication } from "@/lib/issuer/client";

export type Prevalidation = { valid: boolean; fields: Record<string, string> };

/** Upstream issues on field paths: missing fields and region rules, as message keys the form shows inline. */
export function issuesToFields(issues: ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    if (issue.type === "MISSING_FIELDS") for (const path of issue.missingFields) fields[path] ??= "errors.field.required";
    else if (issue.field) fields[issue.field] ??= restrictionKeyFor(issue.field);
  }
  return fields;
}

/** Local checks first, then the upstream's pre-validation (endpoint 7) for this product, before any KYC. */
export async function prevalidate(
  deps: AppDeps,
  app: Application,
  product?: IssuerProduct,
): Promise<Prevalidation & { payload?: Record<string, unknown> }> {
  const chosen = product ?? (await requireEnabledProduct(deps.issuer, app.productId));
  const local = validateDraft(deps, app, chosen, await answersOf(deps, app));
  if (!local.ok) return { valid: false, fields: local.fields };
  const upstream = await validateCardholder(forApplication(deps.issuer, app.id), { ...local.payload, card_product_id: chosen.id });
  const fields = issuesToFields(upstream.issues);
  return { valid: upstream.valid && Object.keys(fields).length === 0, fields, payload: local.payload };
}
