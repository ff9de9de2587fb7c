import "server-only";
import { insertApplication } from "@/lib/db/applications";
import type { Application } from "@/lib/db/schema";
import { hashToken, newApplicationId, newSecretToken, RESUME_TTL_MS, type AppDeps } from "@/lib/applications/deps";
import { sealDraft } from "@/lib/applications/draft-store";
import { seal } from "@/lib/crypto/secret-box";
import { needsKyc, requireEnabledProduct } from "@/lib/applications/product";

export type Started = { app: Application; bindingToken: string; resumeToken: string };

/** A new draft application for an ENABLED product, bound to this browser, with a resume token for other devices. */
export async function startApplication(deps: AppDeps, input: { productId: string; locale?: string }): Promise<Started> {
  const product = await requireEnabledProduct(deps.issuer, input.productId);
  const bindingToken = newSecretToken();
  const resumeToken = newSecretToken();
  const now = deps.now();
  const app = await insertApplication(deps.db, {
    id: newApplicationId(),
    productId: product.id,
    kycLevel: product.kycLevel,
    // The cardholder verifies on the hosted page; THIRD_PARTY proofs are a merchant (staff) matter.
    kycMethod: needsKyc(product) ? "REDIRECT_LINK" : null,
    draftCiphertext: sealDraft({}, deps.keys),
    locale: input.locale ?? null,
    bindingHash: hashToken(bindingToken),
    resumeHash: hashToken(resumeToken),
    resumeExpiresAt: new Date(now.getTime() + RESUME_TTL_MS),
    resumeTokenCiphertext: seal(resumeToken, deps.keys),
    createdAt: now,
    updatedAt: now,
  });
  return { app, bindingToken, resumeToken };
}
