import { fieldErrorsFromZod } from "@/lib/requirements/errors";
import { buildCardholderSchema } from "@/lib/requirements/schema";
import { NOW } from "@/lib/requirements/testing/sample-products";
import type { ProductRequirements, StepId } from "@/lib/requirements/types";

// Test support only: minimal valid cardholders for the built-in catalog and a parse helper.

export const person = { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", area_code: "+44", mobile_number: "7700900123" };
export const identity = {
  type: "PASSPORT",
  number: "123456789",
  issue_country: "GB",
  expiry_date: "2030-01-01",
  front_file_id: "file_front",
};
export const address = { country: "GB", city: "London", line1: "10 Downing St.", postcode: "SW1A 2AA" };
const kyc = { method: "REDIRECT_LINK" };

const VALID: Record<string, Record<string, unknown>> = {
  prod_virtual_simplified_usd: person,
  prod_travel_standard_usd: { ...person, birth_date: "1990-12-10", nationality: "GB", identity, kyc_verification: kyc },
  prod_premium_enhanced_eur: {
    ...person,
    birth_date: "1990-12-10",
    gender: 2,
    nationality: "GB",
    identity,
    billing_address: address,
    kyc_verification: kyc,
  },
  prod_corporate_standard_disabled: { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", identity, kyc_verification: kyc },
};

/** A minimal valid cardholder for a catalog product. */
export function valid(product: ProductRequirements): Record<string, unknown> {
  const found = VALID[product.id];
  if (!found) throw new Error(`no fixture for ${product.id}`);
  return found;
}

/** The parsed payload, or the field errors (path -> key). */
export function parse(product: ProductRequirements, value: unknown, step?: StepId) {
  const r = buildCardholderSchema(product, { now: NOW, step }).safeParse(value);
  return r.success ? { ok: r.data } : { errors: fieldErrorsFromZod(r.error) };
}
