import products from "@/lib/sandbox/data/products.json";
import type { KycLevel, ProductRequirements } from "@/lib/requirements/types";

// Test support only: the sandbox's built-in catalog as the portal sees it (the issuer client's mapping).
// The portal itself never imports the sandbox.

type WireProduct = (typeof products)[number];

export function toRequirements(p: WireProduct): ProductRequirements {
  return {
    id: p.id,
    kycLevel: p.kyc_level as KycLevel,
    requiredFields: p.cardholder_required_fields,
    supportBillingRegion: p.support_billing_region,
    supportNationality: p.support_nationality,
    sanctionedNationality: p.sanctioned_nationality,
    supportAreaCode: p.support_area_code,
  };
}

export const CATALOG: ProductRequirements[] = products.map(toRequirements);

export function catalogProduct(id: string): ProductRequirements {
  const found = CATALOG.find((p) => p.id === id);
  if (!found) throw new Error(`no product ${id} in the built-in catalog`);
  return found;
}

export const simplified = () => catalogProduct("prod_virtual_simplified_usd");
export const travel = () => catalogProduct("prod_travel_standard_usd");
export const premium = () => catalogProduct("prod_premium_enhanced_eur");
export const corporate = () => catalogProduct("prod_corporate_standard_disabled");

/** A fixed clock: 2026-11-22 at noon UTC. */
export const NOW = new Date("2026-11-22T12:00:00Z");
