import { describe, expect, it } from "vitest";
import { localFieldOrder } from "@/components/apply/field-order";

const paths = (list: Array<{ path: string }>) => list.map((f) => f.path);
const fields = ["first_name", "last_name", "birth_date"].map((path) => ({ path }));

describe("localFieldOrder", () => {
  it("asks the family name first in Chinese", () => {
    expect(paths(localFieldOrder(fields, "zh-CN"))).toEqual(["last_name", "first_name", "birth_date"]);
  });

  it("keeps the plan's order in English, or when a step has only one of the two", () => {
    expect(paths(localFieldOrder(fields, "en"))).toEqual(["first_name", "last_name", "birth_date"]);
    expect(paths(localFieldOrder([{ path: "first_name" }, { path: "email" }], "zh-CN"))).toEqual(["first_name", "email"]);
  });
});
