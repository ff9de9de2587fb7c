import type { SelectOption } from "@/components/ui/select";

// The <option> markup of a long select. React does not hydrate or diff it: it is set again only when the object
// changes, so one object is kept per option list, placeholder and selected value (lists are cached by their
// builders), and typing elsewhere on the page never rewrites a select. React still moves the selection itself.

const escape = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

const cache = new WeakMap<SelectOption[], Map<string, { __html: string }>>();

/** `selected` marks the chosen option in the server's HTML, which hydration leaves as it is. */
export function optionsMarkup(options: SelectOption[], placeholder: string | undefined, selected: string): { __html: string } {
  let byKey = cache.get(options);
  if (!byKey) cache.set(options, (byKey = new Map()));
  const key = `${placeholder ?? "\u0000"}\u0001${selected}`;
  let markup = byKey.get(key);
  if (!markup) {
    const mark = (value: string) => (value === selected ? " selected" : "");
    const first = placeholder !== undefined ? `<option value=""${mark("")}>${escape(placeholder)}</option>` : "";
    const rest = options.map(
      (o) => `<option value="${escape(o.value)}"${mark(o.value)}${o.disabled ? " disabled" : ""}>${escape(o.label)}</option>`,
    );
    markup = { __html: first + rest.join("") };
    byKey.set(key, markup);
  }
  return markup;
}
