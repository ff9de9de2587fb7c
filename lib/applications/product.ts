import "server-only";
import { PortalError } from "@/lib/errors";
import { getProduct } from "@/lib/issuer";
import type { IssuerClient } from "@/lib/issuer/client";
import type { IssuerProduct } from "@/lib/issuer/types";
import { needsKyc as requirementsNeedKyc } from "@/lib/requirements/plan";
import type { ProductRequirements } from "@/lib/requirements/types";

/** The spec: Standard or Enhanced, or KYC fields asked for, means the full KYC flow (one rule, in lib/requirements). */
export const needsKyc = (product: IssuerProduct): boolean => requirementsNeedKyc(toRequirements(product));

export function toRequirements(product: IssuerProduct): ProductRequirements {
  return {
    id: product.id,
    kycLevel: product.kycLevel,
    requiredFields: product.requiredFields,
    supportBillingRegion: product.supportBillingRegion,
    supportNationality: product.supportNationality,
    sanctionedNationality: product.sanctionedNationality,
    supportAreaCode: product.supportAreaCode,
  };
}

/** An ENABLED product of the catalog, or PRODUCT_UNAVAILABLE. */
export async function requireEnabledProduct(issuer: IssuerClient, productId: string): Promise<IssuerProduct> {
  const product = await getProduct(productId, issuer);
  if (!product || product.status !== "ENABLED") {
    throw new PortalError("PRODUCT_UNAVAILABLE", "This card is not available at the moment. Choose another card.", {
      productId: "unavailable",
    });
  }
  return product;
}
