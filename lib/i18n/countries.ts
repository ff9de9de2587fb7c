import { CALLING_CODES, MAIN_COUNTRIES } from "@/lib/i18n/calling-codes";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/config";

// Country names come from the runtime's ICU data (Node 20 ships full ICU, browsers have their own),
// so nothing here is a hand-kept translation list; the code itself is the last resort.

export type SelectOption = { value: string; label: string };

/** ICU tags: the UI's "zh-CN" is written out so every runtime picks Simplified script. */
const ICU_LOCALE: Record<Locale, string> = { en: "en", "zh-CN": "zh-Hans-CN" };
/** How several country names are joined in one calling-code label. */
const NAME_SEPARATOR: Record<Locale, string> = { en: ", ", "zh-CN": "、" };
/** Marks a list cut short ("+1 United States, Canada…"). */
const MORE: Record<Locale, string> = { en: "…", "zh-CN": "等" };
// Two names at most: with the code in front, the label must fit a 390 px wide phone.
const MAX_NAMES = 2;

const displayNames = new Map<Locale, Intl.DisplayNames | null>();
const collators = new Map<Locale, Intl.Collator>();

function regionNames(locale: Locale): Intl.DisplayNames | null {
  if (!displayNames.has(locale)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([ICU_LOCALE[locale], DEFAULT_LOCALE], { type: "region" });
    } catch {
      // Runtimes without Intl.DisplayNames show codes instead of names.
    }
    displayNames.set(locale, names);
  }
  return displayNames.get(locale) ?? null;
}

function collator(locale: Locale): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(ICU_LOCALE[locale]);
    collators.set(locale, found);
  }
  return found;
}

/** "GB" -> "United Kingdom" / "英国"; an unknown or malformed code comes back unchanged. */
export function countryName(code: string, locale: Locale): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return regionNames(locale)?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

function byLabel(locale: Locale): (a: SelectOption, b: SelectOption) => number {
  const compare = collator(locale);
  return (a, b) => compare.compare(a.label, b.label) || compare.compare(a.value, b.value);
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
  const compare = collator(locale);
  const rest = countriesOf(value)
    .filter((c) => !main.includes(c))
    .map((c) => countryName(c, locale))
    .sort((a, b) => compare.compare(a, b));
  const names = [...main.map((c) => countryName(c, locale)), ...rest];
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
    [...new Set(values)]
      .map((value) => ({ value, label: callingCodeLabel(value, locale) }))
      .sort((a, b) => codeDigits(a) - codeDigits(b) || byLabel(locale)(a, b)),
  );
}
