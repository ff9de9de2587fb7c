import type { SandboxProduct } from "@/lib/sandbox/products";
import type { CardholderInput } from "@/lib/sandbox/rules/cardholder";

export type RestrictionIssue = { field: string; value: string; message: string };

/** The product's region rules against the cardholder's billing country, nationality and area code. Empty lists allow all. */
export function countryRestrictions(product: SandboxProduct, input: CardholderInput): RestrictionIssue[] {
  const issues: RestrictionIssue[] = [];
  const billing = input.billing_address as Record<string, unknown> | undefined;
  const billingCountry = typeof billing?.country === "string" ? billing.country : undefined;
  const nationality = typeof input.nationality === "string" ? input.nationality : undefined;
  const areaCode = typeof input.area_code === "string" ? input.area_code : undefined;

  if (billingCountry && product.support_billing_region.length > 0 && !product.support_billing_region.includes(billingCountry)) {
    issues.push({
      field: "billing_address.country",
      value: billingCountry,
      message: `billing addresses in ${billingCountry} are not supported by this product`,
    });
  }
  if (nationality && product.sanctioned_nationality.includes(nationality)) {
    issues.push({ field: "nationality", value: nationality, message: `nationality ${nationality} is not eligible for this product` });
  } else if (nationality && product.support_nationality.length > 0 && !product.support_nationality.includes(nationality)) {
    issues.push({ field: "nationality", value: nationality, message: `nationality ${nationality} is not supported by this product` });
  }
  if (areaCode && product.support_area_code.length > 0 && !product.support_area_code.includes(areaCode)) {
    issues.push({
      field: "area_code",
      value: areaCode,
      message: `phone numbers with area code ${areaCode} are not supported by this product`,
    });
  }
  return issues;
}
