import { describe, expect, it } from "vitest";
import { csvCell } from "@/lib/admin/queue-export";

describe("CSV cells", () => {
  it("quote, double inner quotes, and never let a spreadsheet run a formula", () => {
    expect(csvCell('Ada "the first" Lovelace')).toBe('"Ada ""the first"" Lovelace"');
    expect(csvCell(null)).toBe('""');
    for (const formula of ['=HYPERLINK("x")', "+1+1", "-2", "@SUM(A1)", "\t=1"]) expect(csvCell(formula).startsWith(`"'`)).toBe(true);
    expect(csvCell("ada@example.com")).toBe('"ada@example.com"');
  });
});
