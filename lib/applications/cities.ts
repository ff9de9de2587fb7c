import "server-only";
import { isCountryCode } from "@/lib/countries";
import { PortalError } from "@/lib/errors";
import { getCities } from "@/lib/issuer";
import type { City } from "@/lib/issuer/resources/cities";

/** The issuer's cities of a country (cached), for the address forms' suggestions; a bad code is BAD_REQUEST. */
export async function citySuggestions(rawCountry: string | null): Promise<City[]> {
  const country = rawCountry?.trim().toUpperCase() ?? "";
  if (!isCountryCode(country)) {
    throw new PortalError("BAD_REQUEST", "Give a country as its two-letter ISO 3166-1 code, e.g. ?country=GB.", {
      country: "Not a country code.",
    });
  }
  return getCities(country);
}
