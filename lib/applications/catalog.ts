import "server-only";
import { getProducts } from "@/lib/issuer";
import type { IssuerProduct } from "@/lib/issuer/types";
import { needsKyc } from "@/lib/applications/product";

/** A product as the portal shows it: what it needs (KYC, a document) and where it is available. */
export function productSummary(product: IssuerProduct) {
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
