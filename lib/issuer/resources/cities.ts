import { z } from "zod";
import type { IssuerClient } from "@/lib/issuer/client";

/** A city as the portal suggests it: its name, and the state or region that tells two of that name apart. */
export type City = { name: string; state?: string };

const MAX_CITIES = 1000;
const MAX_TEXT = 100;

const wireCity = z.record(z.string(), z.unknown());
const textOf = (value: unknown) => (typeof value === "string" && value.trim().length > 0 ? value.trim().slice(0, MAX_TEXT) : undefined);

/**
 * The list's shape is not shown in the spec: entries without a text `name` are skipped, `state` is kept when it
 * is text, anything else is dropped. Duplicates go, the list is sorted by name and capped, so that a large or
 * odd answer cannot swell the page that suggests from it.
 */
export function toCities(list: Array<Record<string, unknown>>): City[] {
  const seen = new Set<string>();
  const out: City[] = [];
  for (const entry of list) {
    const name = textOf(entry.name);
    if (!name) continue;
    const state = textOf(entry.state);
    const key = `${name}\u0000${state ?? ""}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(state ? { name, state } : { name });
  }
  return out.sort((a, b) => a.name.localeCompare(b.name) || (a.state ?? "").localeCompare(b.state ?? "")).slice(0, MAX_CITIES);
}

// GET /api/open/v1/common/cities?country= (4) - the cities the issuer knows in a country, as suggestions.
export async function listCities(client: IssuerClient, country: string): Promise<City[]> {
  const list = await client.call({
    method: "GET",
    path: "/api/open/v1/common/cities",
    query: { country },
    schema: z.array(wireCity),
  });
  return toCities(list);
}
