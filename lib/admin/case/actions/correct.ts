import "server-only";
import { randomUUID } from "node:crypto";
import { patchApplication } from "@/lib/db/applications";
import { PortalError } from "@/lib/errors";
import { isIssuerError } from "@/lib/issuer/errors";
import { forApplication } from "@/lib/issuer/client";
import { updateCardholderV1 } from "@/lib/issuer/resources/cardholders";
import { getProduct } from "@/lib/issuer";
import { toRequirements } from "@/lib/applications/product";
import type { RestrictionLists } from "@/lib/requirements/restrictions";
import type { ProductRequirements } from "@/lib/requirements/types";
import { buildFormPlan } from "@/lib/requirements/plan";
import { withNoPostcodeFilled } from "@/lib/requirements/upstream-fill";
import { recordStaffAction } from "@/lib/audit/record";
import { changedPaths, checkCorrection, type Correction } from "@/lib/admin/case/actions/correction-schema";
import { loadForAction, stateChanged } from "@/lib/admin/case/actions/load";
import type { Staff } from "@/lib/auth/current-staff";
import type { AppDeps } from "@/lib/applications/deps";
import { mergeDraft, readDraft, sealDraft } from "@/lib/applications/draft-store";
import { answersOf, sealingKeys } from "@/lib/applications/keys";
import { searchColumnsOf } from "@/lib/applications/search-index";

type Actor = Pick<Staff, "id" | "email" | "ip">;
export const UNRESTRICTED: RestrictionLists = {
  supportBillingRegion: [],
  supportNationality: [],
  sanctionedNationality: [],
  supportAreaCode: [],
};

/** The product's region lists (none when the catalog no longer has it: the issuer then judges alone). */
export async function correctionRestrictions(deps: AppDeps, productId: string): Promise<RestrictionLists> {
  return (await correctionProduct(deps, productId)) ?? UNRESTRICTED;
}

async function correctionProduct(deps: AppDeps, productId: string): Promise<ProductRequirements | undefined> {
  const product = await getProduct(productId, deps.issuer);
  return product ? toRequirements(product) : undefined;
}

/** The current contact details and billing address, to fill the correction form. */
export async function correctionValues(deps: AppDeps, id: string): Promise<Partial<Correction>> {
  const app = await loadForAction(deps, id, "correct");
  const draft = await answersOf(deps, app);
  const pick = (v: unknown) => (typeof v === "string" ? v : undefined);
  const address = (draft.billing_address ?? {}) as Record<string, unknown>;
  return {
    email: pick(draft.email),
    area_code: pick(draft.area_code),
    mobile_number: pick(draft.mobile_number),
    billing_address: Object.fromEntries(Object.entries(address).map(([k, v]) => [k, pick(v)])) as Correction["billing_address"],
  };
}

/**
 * Sends the contact details and address the staff member changed, and nothing else, to the issuer (v1 update),
 * then keeps the portal's copy of the answers in step. The audit names the changed fields only, never their values.
 */
export async function correctCardholder(deps: AppDeps, staff: Actor, id: string, input: unknown): Promise<{ changed: string[] }> {
  const app = await loadForAction(deps, id, "correct");
  const ring = await sealingKeys(deps, app.id);
  const draft = readDraft(app, ring);
  const requirements = await correctionProduct(deps, app.productId);
  const parsed = checkCorrection(input, { restrictions: requirements ?? UNRESTRICTED, saved: draft });
  if (!parsed.ok) throw new PortalError("VALIDATION_ERROR", "Some fields are not valid.", parsed.fields);
  const changed = changedPaths(draft, parsed.data);
  if (changed.length === 0) throw new PortalError("VALIDATION_ERROR", "Nothing was changed.", { _form: "admin.actions.correct.nothing" });

  const address = Object.fromEntries(Object.entries(parsed.data.billing_address ?? {}).filter(([, v]) => v !== undefined));
  const asked: Record<string, unknown> = {};
  for (const path of changed) {
    if (path.startsWith("billing_address.")) asked.billing_address = address;
    else asked[path] = parsed.data[path as "email" | "area_code" | "mobile_number"];
  }
  // An address without postcodes (Hong Kong) gets the stand-in where the card's issuer requires one, as at submission.
  const patch = requirements ? withNoPostcodeFilled(buildFormPlan(requirements), asked) : asked;
  try {
    // Logged for the application (its data key seals the body; an erasure finds and destroys it).
    await updateCardholderV1(forApplication(deps.issuer, app.id), { cardholder_id: app.cardholderId, ...patch }, randomUUID());
  } catch (error) {
    if (!isIssuerError(error) || error.retryable || !error.fields) throw error;
    const fields = Object.fromEntries(Object.keys(error.fields).map((path) => [path, "errors.field.rejected_by_issuer"]));
    throw new PortalError("VALIDATION_ERROR", "The card issuer did not accept some fields.", fields);
  }
  // The address is replaced whole, as upstream: a box cleared (a line 2, a postcode) must not survive in the copy.
  const answers = { ...mergeDraft(draft, asked), ...(asked.billing_address ? { billing_address: asked.billing_address } : {}) };
  const saved = await patchApplication(deps.db, app.id, {
    draftCiphertext: sealDraft(answers, ring),
    ...searchColumnsOf(answers, deps.keys),
    updatedAt: deps.now(),
  });
  if (!saved) throw stateChanged();
  await recordStaffAction(deps.db, staff, "application.cardholder_updated", { applicationId: app.id, detail: { fields: changed } });
  return { changed };
}
