import { isPlainObject } from "@/lib/dotted-paths";
import { countryHasPostcodes, NO_POSTCODE } from "@/lib/requirements/address-formats";
import { mobileCountryOf } from "@/lib/requirements/mobile-country";
import type { FormPlan } from "@/lib/requirements/types";
import { planFields } from "@/lib/requirements/plan";

// What the portal fills in itself before the cardholder goes to the issuer: answers it derives rather than asks.

/** The draft with mobile_country derived from the calling code and number, when the product names that field. */
export function withMobileCountry(plan: FormPlan, draft: Record<string, unknown>): Record<string, unknown> {
  if (!planFields(plan).some((f) => f.path === "mobile_country")) return draft;
  const { area_code: areaCode, mobile_number: mobile, nationality } = draft;
  if (typeof areaCode !== "string" || typeof mobile !== "string") return draft;
  const country = mobileCountryOf(areaCode, mobile, typeof nationality === "string" ? nationality : undefined);
  const { mobile_country: _asked, ...rest } = draft;
  return country ? { ...rest, mobile_country: country } : rest;
}

/**
 * The validated payload with NO_POSTCODE as the postcode of each address in a country without postcodes, where the
 * product marks the postcode required (the form did not ask it; the issuer's spec wants one).
 */
export function withNoPostcodeFilled(plan: FormPlan, payload: Record<string, unknown>): Record<string, unknown> {
  let out = payload;
  for (const field of planFields(plan)) {
    if (field.name !== "postcode" || !field.required || !field.group || field.group.includes(".")) continue;
    const address = out[field.group];
    if (!isPlainObject(address) || typeof address.country !== "string") continue;
    if (countryHasPostcodes(address.country) || address.postcode !== undefined) continue;
    out = { ...out, [field.group]: { ...address, postcode: NO_POSTCODE } };
  }
  return out;
}
