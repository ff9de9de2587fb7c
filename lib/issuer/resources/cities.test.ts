import { describe, expect, it } from "vitest";
import { toCities } from "@/lib/issuer/resources/cities";

describe("the issuer's cities, as the portal suggests them", () => {
  it("keeps name and state, sorted by name, without duplicates or entries lacking a name", () => {
    const cities = toCities([
      { code: "US-NY-NEWYOR", name: "New York", state: "New York", state_code: "NY" },
      { code: "US-CA-LOSANG", name: "Los Angeles", state: "California" },
      { name: "New York", state: "New York" },
      { name: "  " },
      { code: "X", name: 42 },
      { name: "Springfield", state: "Illinois" },
      { name: "Springfield", state: "Missouri" },
      { name: "Zug", state: { nested: true } },
    ]);
    expect(cities).toEqual([
      { name: "Los Angeles", state: "California" },
      { name: "New York", state: "New York" },
      { name: "Springfield", state: "Illinois" },
      { name: "Springfield", state: "Missouri" },
      { name: "Zug" },
    ]);
  });

  it("caps a very long list and very long names", () => {
    const many = Array.from({ length: 5000 }, (_, i) => ({ name: `City ${String(i).padStart(4, "0")}${"x".repeat(i === 0 ? 500 : 0)}` }));
    const cities = toCities(many);
    expect(cities).toHaveLength(1000);
    expect(cities[0]?.name).toHaveLength(100);
  });
});
