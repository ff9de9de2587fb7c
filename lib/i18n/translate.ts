import { valueAt } from "@/lib/dotted-paths";
import type { Messages } from "@/lib/i18n/messages/en";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

// `{count, plural, one {# attempt} other {# attempts}}`: the form the language's plural rules pick for the number
// (Intl.PluralRules; Chinese has only `other`), `#` the number with the language's separators. A form may hold
// other `{name}` placeholders, filled afterwards like any text.
const PLURAL = /\{(\w+), plural,((?:\s*(?:=\d+|zero|one|two|few|many|other)\s*\{(?:[^{}]|\{\w+\})*\})+)\s*\}/g;
const FORM = /(=\d+|zero|one|two|few|many|other)\s*\{((?:[^{}]|\{\w+\})*)\}/g;

function plural(text: string, values: Record<string, string | number>, locale: string): string {
  return text.replace(PLURAL, (whole, name: string, body: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    const forms = new Map([...body.matchAll(FORM)].map((m) => [m[1] ?? "", m[2] ?? ""]));
    const n = typeof value === "number" ? value : Number(value);
    // A value already written out ("1,508"): the "other" form, with the value as given.
    if (!Number.isFinite(n)) return (forms.get("other") ?? "").replace(/#/g, String(value));
    const form = forms.get(`=${n}`) ?? forms.get(new Intl.PluralRules(locale).select(n)) ?? forms.get("other") ?? "";
    return form.replace(/#/g, new Intl.NumberFormat(locale).format(n));
  });
}

/** A translator over one catalog in `locale`; `{name}` placeholders are filled from `values`, plurals as above. */
export function createTranslator(messages: Partial<Messages>, locale = "en"): Translate {
  return (key, values) => {
    const node = valueAt(messages, key);
    const text = typeof node === "string" ? node : key;
    if (!values) return text;
    return plural(text, values, locale).replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
  };
}
