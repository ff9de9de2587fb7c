import "server-only";
import type { Application } from "@/lib/db/schema";
import type { IssuerProduct } from "@/lib/issuer/types";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import { buildFormPlan } from "@/lib/requirements/plan";
import { withMobileCountry, withNoPostcodeFilled } from "@/lib/requirements/upstream-fill";
import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import type { AppDeps } from "@/lib/applications/deps";
import type { Draft } from "@/lib/applications/draft-store";
import { needsKyc, toRequirements } from "@/lib/applications/product";

export type FullValidation = { ok: true; payload: Record<string, unknown> } | { ok: false; fields: Record<string, string> };

/** The draft as the upstream will receive it, with the portal's own fields (the KYC method, the mobile's country) filled in. */
export function withPortalFields(app: Pick<Application, "kycMethod">, product: IssuerProduct, draft: Draft): Draft {
  const derived = withMobileCountry(buildFormPlan(toRequirements(product)), draft) as Draft;
  return needsKyc(product) && app.kycMethod ? { ...derived, kyc_verification: { method: app.kycMethod } } : derived;
}

/** Validates the whole draft with the same schema the browser uses. Field errors are message keys. */
export function validateDraft(deps: AppDeps, app: Application, product: IssuerProduct, draft: Draft): FullValidation {
  const requirements = toRequirements(product);
  const schema = buildCardholderSchema(requirements, { now: deps.now() });
  const parsed = schema.safeParse(withPortalFields(app, product, draft));
  return parsed.success
    ? { ok: true, payload: withNoPostcodeFilled(buildFormPlan(requirements), parsed.data as Record<string, unknown>) }
    : { ok: false, fields: fieldErrorsFromZod(parsed.error) };
}
