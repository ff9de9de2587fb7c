import { describe, expect, it } from "vitest";
import { csvCell, keysetCsv } from "@/lib/admin/csv";

describe("CSV cells", () => {
  it("quote, double inner quotes, and never let a spreadsheet run a formula", () => {
    expect(csvCell('Ada "the first" Lovelace')).toBe('"Ada ""the first"" Lovelace"');
    expect(csvCell(null)).toBe('""');
    for (const formula of ['=HYPERLINK("x")', "+1+1", "-2", "@SUM(A1)", "\t=1"]) expect(csvCell(formula).startsWith(`"'`)).toBe(true);
    expect(csvCell("ada@example.com")).toBe('"ada@example.com"');
  });
});

describe("keyset CSV streams", () => {
  it("write the header, then pull one page at a time until the last", async () => {
    const asked: (number | undefined)[] = [];
    const stream = keysetCsv<number>(["a", "b"], async (cursor) => {
      asked.push(cursor);
      const n = cursor ?? 0;
      return { rows: [[`=${n}`, null]], next: n < 2 ? n + 1 : undefined };
    });
    const reader = stream.getReader();
    const decoder = new TextDecoder("utf-8", { ignoreBOM: true });
    expect(decoder.decode((await reader.read()).value)).toBe("\uFEFFa,b\r\n");
    expect(asked).toEqual([]);
    let text = "";
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) text += decoder.decode(chunk.value);
    expect(text).toBe(`"'=0",""\r\n"'=1",""\r\n"'=2",""\r\n`);
    expect(asked).toEqual([undefined, 1, 2]);
  });
});
