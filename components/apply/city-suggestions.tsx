"use client";

import { useQueries } from "@tanstack/react-query";
import type { citySuggestions } from "@/lib/applications/cities";
import { callApi } from "@/lib/client/api";
import { queryKeys } from "@/lib/client/query-keys";

// Suggestions for an address's city, from the issuer's list for the address's country (GET /api/cities).
// Only a help: an error, a country without data or a slow answer leaves a plain text box.

export type City = Awaited<ReturnType<typeof citySuggestions>>[number];

/** Reference data that hardly changes (the server caches it too): asked once per country for an hour of the tab. */
const CITIES_FRESH_MS = 60 * 60_000;

/** The cities of each country asked for, once they have arrived (a country missing from the map has none yet). */
export function useCitySuggestions(countries: string[]): Map<string, City[]> {
  const wanted = [...new Set(countries.filter((c) => /^[A-Z]{2}$/.test(c)))].sort();
  const lists = useQueries({
    queries: wanted.map((country) => ({
      queryKey: queryKeys.cities(country),
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await callApi<{ cities: City[] }>(`/api/cities?country=${encodeURIComponent(country)}`, { signal })).cities,
      staleTime: CITIES_FRESH_MS,
      gcTime: CITIES_FRESH_MS,
      // A failure is not retried nor kept: the next look at this country asks again.
      retry: false,
    })),
  });
  return new Map(wanted.flatMap((country, i) => (lists[i]?.data?.length ? [[country, lists[i].data] as const] : [])));
}

export const cityListId = (group: string) => `cities-${group.replaceAll(/[^A-Za-z0-9_-]/g, "-")}`;

/** The <datalist> a city box points at (`list=`): each city's name, with its state where the issuer gives one. */
export function CityList({ id, cities }: { id: string; cities: City[] }) {
  return (
    <datalist id={id}>
      {cities.map((c) => (
        <option key={`${c.name}|${c.state ?? ""}`} value={c.name} label={c.state} />
      ))}
    </datalist>
  );
}
