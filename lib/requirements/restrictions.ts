import { COUNTRY_CODES, isCountryCode, type CountryCode } from "@/lib/countries";
import type { ErrorKey } from "@/lib/requirements/error-keys";
import { AREA_CODE_RE } from "@/lib/requirements/patterns";
import type { CountryFilter, ProductRequirements } from "@/lib/requirements/types";

// The product's region rules (spec: Errors / Country restrictions). Empty lists mean no restriction.
// Checked before KYC so nobody passes identity verification only to be refused a card.

/** The ISO codes a country select may offer for this product, in COUNTRY_CODES order. */
export function countryOptions(product: RestrictionLists, filter: CountryFilter): CountryCode[] {
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

/** The message keys of a region refusal: the one test of "is this field error a country restriction?". */
export const RESTRICTION_KEYS = [
  "errors.field.country_not_supported",
  "errors.field.area_code_not_supported",
] as const satisfies readonly ErrorKey[];
export const isRestrictionKey = (key: string): boolean => (RESTRICTION_KEYS as readonly string[]).includes(key);
/** The key for an upstream COUNTRY_RESTRICTION issue on `field`. */
export const restrictionKeyFor = (field: string): ErrorKey => (field === "area_code" ? RESTRICTION_KEYS[1] : RESTRICTION_KEYS[0]);

export type RestrictionLists = Pick<
  ProductRequirements,
  "supportBillingRegion" | "supportNationality" | "sanctionedNationality" | "supportAreaCode"
>;
export type RestrictionIssue = { path: string; message: ErrorKey };

/** Issues for the restricted fields among `values`; malformed values are left to the format checks. */
export function restrictionIssues(
  product: RestrictionLists,
  values: { nationality?: unknown; billingCountry?: unknown; areaCode?: unknown },
): RestrictionIssue[] {
  const issues: RestrictionIssue[] = [];
  const { nationality, billingCountry, areaCode } = values;
  if (isCountryCode(nationality) && !countryOptions(product, "nationality").includes(nationality)) {
    issues.push({ path: "nationality", message: RESTRICTION_KEYS[0] });
  }
  if (isCountryCode(billingCountry) && !countryOptions(product, "billing").includes(billingCountry)) {
    issues.push({ path: "billing_address.country", message: RESTRICTION_KEYS[0] });
  }
  const areaCodes = product.supportAreaCode;
  if (typeof areaCode === "string" && AREA_CODE_RE.test(areaCode) && areaCodes.length > 0 && !areaCodes.includes(areaCode)) {
    issues.push({ path: "area_code", message: RESTRICTION_KEYS[1] });
  }
  return issues;
}

export type EligibilityReason = "nationality" | "residence" | "areaCode";
const REASON_OF: Record<string, EligibilityReason> = {
  nationality: "nationality",
  "billing_address.country": "residence",
  area_code: "areaCode",
};

/** The answers a card can refuse: a step asking one of them names the cards that would accept (issue #13). */
export const REFUSABLE_PATHS = Object.keys(REASON_OF);

/** Why a product is closed to someone (the home page's check): the same rules the form and the server apply. */
export function eligibilityReasons(
  product: RestrictionLists,
  answers: { nationality?: string; residence?: string; areaCode?: string },
): EligibilityReason[] {
  return restrictionIssues(product, {
    nationality: answers.nationality,
    billingCountry: answers.residence,
    areaCode: answers.areaCode,
  }).flatMap((issue) => REASON_OF[issue.path] ?? []);
}
