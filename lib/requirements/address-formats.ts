import { ADDRESS_FORMATS } from "@/lib/requirements/address-formats-data";

// Which parts of an address a country writes, in what order and under what names, from Google's address metadata
// (a small table derived from it: lib/requirements/address-formats-data.ts). Pure: the form, the schema and the
// server read the same answers, so the browser and the server never disagree about a postcode.

export type AddressFormat = { o: string; l?: string; s?: string; c?: string; d?: string; z?: string };

/** The parts whose presence depends on the country; the street, the city and the country are always asked. */
export const COUNTRY_PARTS = ["district", "state", "postcode"] as const;
export type CountryPart = (typeof COUNTRY_PARTS)[number];

const LETTER: Record<string, string> = { line1: "A", line2: "A", district: "D", city: "C", state: "S", postcode: "Z" };
const PART_OF_LETTER: Record<string, string[]> = { A: ["line1", "line2"], D: ["district"], C: ["city"], S: ["state"], Z: ["postcode"] };

/**
 * What the portal sends as the postcode of an address in a country without postcodes when the card's issuer marks the
 * postcode required (its spec wants 4 to 10 letters, digits, spaces or hyphens and says nothing of such countries).
 */
export const NO_POSTCODE = "000000";

/** The format of a country code; undefined for a blank or unknown code (then every part is asked). */
export function addressFormat(country: unknown): AddressFormat | undefined {
  if (typeof country !== "string" || !/^[A-Za-z]{2}$/.test(country.trim())) return undefined;
  // Countries the metadata leaves out write street and city only, as its default ("ZZ") says.
  return ADDRESS_FORMATS[country.trim().toUpperCase()] ?? { o: "AC" };
}

/** Whether an address in `country` has this part (true for any part while the country is not known). */
export function countryUses(country: unknown, part: string): boolean {
  const format = addressFormat(country);
  const letter = LETTER[part];
  return format === undefined || letter === undefined || format.o.includes(letter);
}

export const countryHasPostcodes = (country: string) => countryUses(country, "postcode");

/**
 * The order of an address's parts (field names, the country first) for this country and language: its own script's
 * order for a Chinese reader of a Chinese-speaking country's address, else the Latin order. Unknown country: undefined.
 */
export function partOrder(country: unknown, locale: string): string[] | undefined {
  const format = addressFormat(country);
  if (!format) return undefined;
  const letters = locale === "zh-CN" && format.l ? format.l : format.o;
  return ["country", ...[...letters].flatMap((l) => PART_OF_LETTER[l] ?? [])];
}

const NAME_KEYS: Record<string, keyof AddressFormat> = { state: "s", city: "c", district: "d", postcode: "z" };
const DEFAULT_NAMES: Record<string, string> = { state: "province", city: "city", district: "suburb", postcode: "postal" };

/** The catalog key of what this country calls a part ("addressParts.state_area" for Hong Kong's area), if it names it. */
export function partLabelKey(country: unknown, part: string): string | undefined {
  const format = addressFormat(country);
  const key = NAME_KEYS[part];
  if (!format || !key || !countryUses(country, part)) return undefined;
  const name = (format[key] as string | undefined) ?? DEFAULT_NAMES[part];
  return `addressParts.${part}_${name}`;
}

/** Every label key partLabelKey can return (for the catalogs). */
export const PART_LABEL_KEYS = [
  ...["province", "state", "area", "county", "department", "district", "do_si", "emirate", "island", "oblast", "parish", "prefecture"].map(
    (n) => `addressParts.state_${n}`,
  ),
  ...["city", "district", "post_town", "suburb"].map((n) => `addressParts.city_${n}`),
  ...["suburb", "district", "neighborhood", "townland", "village_township"].map((n) => `addressParts.district_${n}`),
  ...["postal", "zip", "pin", "eircode"].map((n) => `addressParts.postcode_${n}`),
];
