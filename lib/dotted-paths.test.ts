import { describe, expect, it } from "vitest";
import { setPath, valueAt } from "@/lib/dotted-paths";

describe("dotted paths", () => {
  const tree = { identity: { number: "P1", front_file_id: "file_1" }, nationality: "GB" };

  it("reads nested values and answers undefined for anything missing", () => {
    expect(valueAt(tree, "identity.number")).toBe("P1");
    expect(valueAt(tree, "nationality")).toBe("GB");
    expect(valueAt(tree, "identity.back_file_id")).toBeUndefined();
    expect(valueAt(tree, "nationality.code")).toBeUndefined();
    expect(valueAt(undefined, "a")).toBeUndefined();
  });

  it("never walks into the prototype", () => {
    expect(valueAt(tree, "constructor")).toBeUndefined();
    expect(valueAt(tree, "__proto__")).toBeUndefined();
    expect(valueAt({ a: [1, 2] }, "a.length")).toBeUndefined();
  });

  it("writes a copy, creating the objects on the way", () => {
    const written = setPath(tree, "billing_address.city", "Boston");
    expect(written).toMatchObject({ billing_address: { city: "Boston" }, identity: { number: "P1" } });
    expect(tree).not.toHaveProperty("billing_address");
    expect(setPath(tree, "identity.number", "P2").identity).toEqual({ number: "P2", front_file_id: "file_1" });
  });
});
