import { valueAt } from "@/lib/dotted-paths";
import type { Messages } from "@/lib/i18n/messages/en";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

export type MessageKey = Leaves<Messages>;
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;

/** A translator over one catalog; `{name}` placeholders are filled from `values`. */
export function createTranslator(messages: Partial<Messages>): Translate {
  return (key, values) => {
    const node = valueAt(messages, key);
    const text = typeof node === "string" ? node : key;
    return values ? text.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole)) : text;
  };
}
