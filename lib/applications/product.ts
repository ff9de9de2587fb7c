import "server-only";
import type { z } from "zod";
import type { productSchema } from "@/lib/api/schemas/applicant";
import type { RestrictionLists } from "@/lib/requirements/restrictions";
import type { AppDeps } from "@/lib/applications/deps";
import { PortalError } from "@/lib/errors";
import { getProduct, getProducts } from "@/lib/issuer";
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

/** A product as the portal shows it: what it needs (KYC, a document) and where it is available. */
export function productSummary(product: IssuerProduct): z.infer<typeof productSchema> {
  return {
    id: product.id,
    name: product.name,
    kycLevel: product.kycLevel,
    cardScheme: product.cardScheme,
    country: product.country,
    needsKyc: needsKyc(product),
    needsDocument: product.requiredFields.some((d) => d.name === "identity" && d.required),
    supportBillingRegion: product.supportBillingRegion,
    supportNationality: product.supportNationality,
    sanctionedNationality: product.sanctionedNationality,
    supportAreaCode: product.supportAreaCode,
    minOpenCardAmount: product.minOpenCardAmount,
    maxCardsPerCardholder: product.maxCardsPerCardholder,
  };
}

export async function listEnabledProducts() {
  return (await getProducts()).filter((p) => p.status === "ENABLED").map(productSummary);
}

/** A product of the catalog by id, whatever its status (an application keeps the card it was started for). */
export async function findProduct(deps: Pick<AppDeps, "issuer">, id: string): Promise<ReturnType<typeof productSummary> | undefined> {
  const product = await getProduct(id, deps.issuer);
  return product ? productSummary(product) : undefined;
}

/** Another card open for applications, with the region rules that tell whether it would accept someone. */
export type OtherCard = { id: string; name: string; needsKyc: boolean } & RestrictionLists;

/** The other cards open for applications, for a person whose application ended; none when the issuer cannot say. */
export async function otherCards(deps: Pick<AppDeps, "issuer">, productId: string): Promise<OtherCard[]> {
  try {
    const products = await getProducts(deps.issuer);
    return products
      .filter((p) => p.status === "ENABLED" && p.id !== productId)
      .map((p) => ({
        id: p.id,
        name: p.name,
        needsKyc: needsKyc(p),
        supportNationality: p.supportNationality,
        sanctionedNationality: p.sanctionedNationality,
        supportBillingRegion: p.supportBillingRegion,
        supportAreaCode: p.supportAreaCode,
      }));
  } catch {
    return [];
  }
}
