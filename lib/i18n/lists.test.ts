import { describe, expect, it } from "vitest";
import { formatList, listParts } from "@/lib/i18n/lists";

describe("lists in running text", () => {
  it("are joined the way each language joins them", () => {
    expect(formatList("en", ["Brazil", "Cuba", "Iran"])).toBe("Brazil, Cuba, and Iran");
    expect(formatList("zh-CN", ["巴西", "古巴", "伊朗"])).toBe("巴西、古巴和伊朗");
    expect(formatList("zh-CN", ["巴西", "古巴"], "disjunction")).toBe("巴西或古巴");
  });

  it("give the items back by position between the separators", () => {
    expect(listParts("zh-CN", ["甲", "乙", "丙"])).toEqual([
      { kind: "item", index: 0 },
      { kind: "text", text: "、" },
      { kind: "item", index: 1 },
      { kind: "text", text: "和" },
      { kind: "item", index: 2 },
    ]);
    expect(listParts("en", ["One"])).toEqual([{ kind: "item", index: 0 }]);
  });
});
