import type { FieldValues } from "react-hook-form";
import { valueAt } from "@/lib/dotted-paths";
import { ADDRESS_GROUPS } from "@/lib/requirements/address-groups";
import { partLabelKey, partOrder } from "@/lib/requirements/address-formats";
import { callingCodeOf } from "@/lib/i18n/calling-codes";
import type { PlanField } from "@/lib/requirements/types";

// A step's questions fitted to the person's country: each address in its country's order and words (a UK address:
// street, town, postcode; a Hong Kong one: street, district, area), the calling code suggested by the nationality.

const isAddress = (group: string | undefined): group is string => (ADDRESS_GROUPS as readonly string[]).includes(group ?? "");

/** The fields, each address's parts ordered and named as its chosen country writes them (unchanged until one is chosen). */
export function countryAddressFields(fields: PlanField[], values: FieldValues, locale: string): PlanField[] {
  const out = [...fields];
  for (const group of new Set(fields.map((f) => f.group).filter(isAddress))) {
    const country: unknown = valueAt(values, `${group}.country`);
    const order = partOrder(country, locale);
    if (!order) continue;
    const places = out.flatMap((f, i) => (f.group === group ? [i] : []));
    // A part the country does not write but the issuer requires (a city in the Emirates) keeps its place at the end.
    const rank = (f: PlanField) => (order.includes(f.name) ? order.indexOf(f.name) : order.length);
    const members = places.map((i) => out[i] as PlanField).sort((a, b) => rank(a) - rank(b));
    members.forEach((f, k) => {
      const labelKey = partLabelKey(country, f.name);
      out[places[k] as number] = labelKey ? { ...f, labelKey } : f;
    });
  }
  return out;
}

/** The saved answers, with the calling code of the nationality suggested while none is chosen. */
export function withSuggestedCallingCode(draft: FieldValues, fields: PlanField[]): FieldValues {
  const asks = fields.some((f) => f.path === "area_code" && !f.hidden);
  const chosen: unknown = valueAt(draft, "area_code");
  const suggested = callingCodeOf(valueAt(draft, "nationality"));
  if (!asks || (typeof chosen === "string" && chosen.trim() !== "") || !suggested) return draft;
  return { ...draft, area_code: suggested };
}
