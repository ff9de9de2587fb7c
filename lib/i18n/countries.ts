import { CALLING_CODES, MAIN_COUNTRIES } from "@/lib/i18n/calling-codes";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";
import { COUNTRY_NAMES } from "@/lib/i18n/country-names-data";

// Country names come from one CLDR table (lib/i18n/country-names-data.ts) on the server and in the browser alike:
// the runtimes' own ICU data differ ("Hong Kong SAR China" in Node, "Hong Kong" in Chrome), and so did the lists.

export type SelectOption = { value: string; label: string };

/** How several country names are joined in one calling-code label. */
const NAME_SEPARATOR: Record<Locale, string> = { en: ", ", "zh-CN": "、" };
/** Marks a list cut short ("+1 United States, Canada…"). */
const MORE: Record<Locale, string> = { en: "…", "zh-CN": "等" };
// Two names at most: with the code in front, the label must fit a 390 px wide phone.
const MAX_NAMES = 2;

type Named = { name: string; rank: number };
const indexes = new Map<Locale, Map<string, Named>>();

/** code -> its name and its place in the locale's alphabetical order, built once per locale. */
function index(locale: Locale): Map<string, Named> {
  let found = indexes.get(locale);
  if (!found) {
    found = new Map((COUNTRY_NAMES[locale] ?? COUNTRY_NAMES[DEFAULT_LOCALE]).map(([code, name], rank) => [code, { name, rank }]));
    indexes.set(locale, found);
  }
  return found;
}

/** "GB" -> "United Kingdom" / "英国"; an unknown or malformed code comes back unchanged. */
export function countryName(code: string, locale: Locale): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  return index(locale).get(code.toUpperCase())?.name ?? code;
}

// The table's own order: a runtime's collation could put a name elsewhere than the server did.
const rankOf = (code: string, locale: Locale) => index(locale).get(code)?.rank ?? Number.MAX_SAFE_INTEGER;

function byLabel(locale: Locale): (a: SelectOption, b: SelectOption) => number {
  return (a, b) => rankOf(a.value, locale) - rankOf(b.value, locale) || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
}

/** Options for a country select: value the alpha-2 code, label its localised name, sorted by name. */
export function countrySelectOptions(codes: readonly string[], locale: Locale): SelectOption[] {
  return cached(`c:${locale}:${codes.join(",")}`, () =>
    [...new Set(codes)].map((code) => ({ value: code, label: countryName(code, locale) })).sort(byLabel(locale)),
  );
}

// Naming and sorting ~250 countries costs milliseconds on a phone at every render; lists are computed once.
const optionCache = new Map<string, SelectOption[]>();
function cached(key: string, build: () => SelectOption[]): SelectOption[] {
  let hit = optionCache.get(key);
  if (!hit) optionCache.set(key, (hit = build()));
  return hit;
}

/** Country codes per calling code ("+1" -> US, CA, AG, ...), built once from the table. */
let countriesByCallingCode: Map<string, string[]> | undefined;

function countriesOf(value: string): string[] {
  if (!countriesByCallingCode) {
    countriesByCallingCode = new Map();
    for (const [country, digits] of Object.entries(CALLING_CODES)) {
      const key = `+${digits}`;
      countriesByCallingCode.set(key, [...(countriesByCallingCode.get(key) ?? []), country]);
    }
  }
  return countriesByCallingCode.get(value) ?? [];
}

function callingCodeLabel(value: string, locale: Locale): string {
  const main = MAIN_COUNTRIES[value] ?? [];
  const rest = countriesOf(value)
    .filter((c) => !main.includes(c))
    .sort((a, b) => rankOf(a, locale) - rankOf(b, locale));
  const names = [...main, ...rest].map((c) => countryName(c, locale));
  if (names.length === 0) return value;
  const shown = names.slice(0, MAX_NAMES).join(NAME_SEPARATOR[locale]);
  // The code first: it is what the person looks for, and a narrow select on a phone cuts the end of the text.
  return `${value} ${shown}${names.length > MAX_NAMES ? MORE[locale] : ""}`;
}

const codeDigits = (option: SelectOption) => Number(option.value.slice(1));

/**
 * Options for a calling-code select: value "+44", label "+44 United Kingdom, Guernsey, Isle of Man…". With `codes` (a
 * product's allowed area codes) only those; without, one option per code of every country. Sorted by code.
 */
export function callingCodeOptions(codes?: readonly string[], locale: Locale = DEFAULT_LOCALE): SelectOption[] {
  const values = codes ?? Object.values(CALLING_CODES).map((digits) => `+${digits}`);
  return cached(`a:${locale}:${codes ? codes.join(",") : "*"}`, () =>
    [...new Set(values)].map((value) => ({ value, label: callingCodeLabel(value, locale) })).sort((a, b) => codeDigits(a) - codeDigits(b)),
  );
}
