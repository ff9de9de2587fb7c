import "server-only";
import { insertApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { bindNewBrowser, freshResumeLink } from "@/lib/applications/access";
import type { AppDeps } from "@/lib/applications/deps";
import { newApplicationId } from "@/lib/applications/ids-and-tokens";
import { sealDraft } from "@/lib/applications/draft-store";
import { sealingKeys } from "@/lib/applications/keys";
import { searchColumnsOf } from "@/lib/applications/search-index";
import { needsKyc, requireEnabledProduct, toRequirements } from "@/lib/applications/product";
import { eligibilitySeed, type EligibilityAnswers } from "@/lib/applications/eligibility-seed";
import { buildFormPlan } from "@/lib/requirements/plan";

export type Started = { app: Application; bindingToken: string; resumeToken: string };

/** A new draft application for an ENABLED product, bound to this browser, with a resume link for another device. */
/**
 * `email`: an invitation's address (already validated), filled in on the contact step; `eligibility`: the home
 * page's answers, filled in where this card asks them (lib/applications/eligibility-seed.ts); `merchantReference`:
 * the merchant's customer id from a sealed invitation that opened (lib/applications/invite-token.ts).
 */
export async function startApplication(
  deps: AppDeps,
  input: { productId: string; locale?: string; email?: string; merchantReference?: string; eligibility?: EligibilityAnswers },
): Promise<Started> {
  const product = await requireEnabledProduct(deps.issuer, input.productId);
  const now = deps.now();
  const id = newApplicationId();
  // Its data key first, on disk before anything is sealed with it.
  const ring = await sealingKeys(deps, id);
  const resume = freshResumeLink(deps, ring);
  const requirements = toRequirements(product);
  const seed = input.eligibility ? eligibilitySeed(requirements, buildFormPlan(requirements), input.eligibility) : {};
  const draft = { ...seed, ...(input.email ? { email: input.email } : {}) };
  return deps.db.transaction(async (tx) => {
    const app = await insertApplication(tx, {
      id,
      productId: product.id,
      kycLevel: product.kycLevel,
      // The cardholder verifies on the hosted page; THIRD_PARTY proofs are a merchant (staff) matter.
      kycMethod: needsKyc(product) ? "REDIRECT_LINK" : null,
      draftCiphertext: sealDraft(draft, ring),
      ...(input.email ? searchColumnsOf(draft, deps.keys) : {}),
      locale: input.locale ?? null,
      merchantReference: input.merchantReference ?? null,
      ...resume.columns,
      createdAt: now,
      updatedAt: now,
    });
    const bindingToken = await bindNewBrowser({ ...deps, db: tx }, app, "start");
    return { app, bindingToken, resumeToken: resume.token };
  });
}
