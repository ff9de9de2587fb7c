import { describe, expect, it } from "vitest";
import { fitWithin, isTooSmall, JPEG_QUALITIES, nextQuality, OUTPUT_BYTE_BUDGET } from "@/lib/client/photo/photo-limits";

describe("fitWithin", () => {
  it("scales the long side down to the limit and keeps the proportions", () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin({ width: 3024, height: 4032 }, 2000)).toEqual({ width: 1500, height: 2000 });
    expect(fitWithin({ width: 4001, height: 3 }, 2000)).toEqual({ width: 2000, height: 1 });
  });

  it("never enlarges", () => {
    expect(fitWithin({ width: 1200, height: 800 }, 2000)).toEqual({ width: 1200, height: 800 });
    expect(fitWithin({ width: 2000, height: 2000 }, 2000)).toEqual({ width: 2000, height: 2000 });
  });
});

describe("isTooSmall", () => {
  it("refuses what cannot hold an ID card at 150 DPI, in either orientation", () => {
    expect(isTooSmall({ width: 64, height: 40 })).toBe(true);
    expect(isTooSmall({ width: 506, height: 319 })).toBe(true); // the card itself, with no margin
    expect(isTooSmall({ width: 599, height: 500 })).toBe(true); // the long side is short
    expect(isTooSmall({ width: 1000, height: 399 })).toBe(true); // the short side is short
    expect(isTooSmall({ width: 600, height: 400 })).toBe(false);
    expect(isTooSmall({ width: 400, height: 600 })).toBe(false); // portrait
    expect(isTooSmall({ width: 4032, height: 3024 })).toBe(false);
  });
});

describe("nextQuality", () => {
  it("stops within the budget", () => {
    expect(nextQuality(0.85, OUTPUT_BYTE_BUDGET)).toBeNull();
  });

  it("steps down while over it, and stops at the last step", () => {
    expect(nextQuality(0.85, OUTPUT_BYTE_BUDGET + 1)).toBe(0.75);
    expect(nextQuality(0.75, 5_000_000)).toBe(0.65);
    expect(nextQuality(JPEG_QUALITIES[JPEG_QUALITIES.length - 1] ?? 0, 5_000_000)).toBeNull();
  });
});
