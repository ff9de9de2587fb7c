"use client";

import { useEffect, useState } from "react";

// Suggestions for an address's city, from the issuer's list for the address's country (GET /api/cities).
// Only a help: an error, a country without data or a slow answer leaves a plain text box.

export type City = { name: string; state?: string };

// One request per country per page session, shared by every address of the page.
const known = new Map<string, Promise<City[]>>();

function citiesOf(country: string): Promise<City[]> {
  let pending = known.get(country);
  if (!pending) {
    pending = fetch(`/api/cities?country=${encodeURIComponent(country)}`)
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.json() as Promise<{ cities?: City[] }>;
      })
      .then((body) => (Array.isArray(body.cities) ? body.cities : []))
      .catch(() => {
        // A failure is not remembered: the next look at this country asks again.
        known.delete(country);
        return [];
      });
    known.set(country, pending);
  }
  return pending;
}

/** The cities of each country asked for, once they have arrived (a country missing from the map has none yet). */
export function useCitySuggestions(countries: string[]): Map<string, City[]> {
  const [lists, setLists] = useState<Map<string, City[]>>(() => new Map());
  const wanted = [...new Set(countries.filter((c) => /^[A-Z]{2}$/.test(c)))].sort().join(",");
  useEffect(() => {
    let live = true;
    for (const country of wanted ? wanted.split(",") : []) {
      void citiesOf(country).then((list) => {
        if (live && list.length > 0) setLists((m) => (m.get(country) === list ? m : new Map(m).set(country, list)));
      });
    }
    return () => {
      live = false;
    };
  }, [wanted]);
  return lists;
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
