import { COUNTRY_CODES, isCountryCode, type CountryCode } from "@/lib/countries";
import type { ErrorKey } from "@/lib/requirements/error-keys";
import { AREA_CODE_RE } from "@/lib/requirements/limits";
import type { CountryFilter, ProductRequirements } from "@/lib/requirements/types";

// The product's region rules (spec: Errors / Country restrictions). Empty lists mean no restriction.
// Checked before KYC so nobody passes identity verification only to be refused a card.

/** The ISO codes a country select may offer for this product, in COUNTRY_CODES order. */
export function countryOptions(product: ProductRequirements, filter: CountryFilter): CountryCode[] {
  if (filter === "billing") return restrictTo(product.supportBillingRegion);
  if (filter === "any") return [...COUNTRY_CODES];
  const sanctioned = new Set(product.sanctionedNationality);
  return restrictTo(product.supportNationality).filter((c) => !sanctioned.has(c));
}

function restrictTo(allowed: string[]): CountryCode[] {
  if (allowed.length === 0) return [...COUNTRY_CODES];
  const set = new Set(allowed);
  return COUNTRY_CODES.filter((c) => set.has(c));
}

export type RestrictionIssue = { path: string; message: ErrorKey };

/** Issues for the restricted fields among `values`; malformed values are left to the format checks. */
export function restrictionIssues(
  product: ProductRequirements,
  values: { nationality?: unknown; billingCountry?: unknown; areaCode?: unknown },
): RestrictionIssue[] {
  const issues: RestrictionIssue[] = [];
  const { nationality, billingCountry, areaCode } = values;
  if (isCountryCode(nationality) && !countryOptions(product, "nationality").includes(nationality)) {
    issues.push({ path: "nationality", message: "errors.field.country_not_supported" });
  }
  if (isCountryCode(billingCountry) && !countryOptions(product, "billing").includes(billingCountry)) {
    issues.push({ path: "billing_address.country", message: "errors.field.country_not_supported" });
  }
  const areaCodes = product.supportAreaCode;
  if (typeof areaCode === "string" && AREA_CODE_RE.test(areaCode) && areaCodes.length > 0 && !areaCodes.includes(areaCode)) {
    issues.push({ path: "area_code", message: "errors.field.area_code_not_supported" });
  }
  return issues;
}
