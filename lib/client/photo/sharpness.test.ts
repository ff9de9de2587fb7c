import { describe, expect, it } from "vitest";
import { grayscale, looksBlurred, sharpness, tileLaplacianVariances } from "@/lib/client/photo/sharpness";

/** An RGBA picture drawn by `shade(x, y)` (0..255 gray). */
function picture(width: number, height: number, shade: (x: number, y: number) => number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const v = shade(x, y);
      rgba.set([v, v, v, 255], (y * width + x) * 4);
    }
  return rgba;
}

/** Dark "text" strokes on light paper: 2-px bars in rows of lines, as a printed page has. */
const page = (x: number, y: number) => (y % 24 < 12 && x % 7 < 2 ? 40 : 220);

/** A box blur of `radius`, applied three times (close to a Gaussian of sigma ~ radius). */
function blurred(width: number, height: number, shade: (x: number, y: number) => number, radius: number) {
  let gray = Float32Array.from({ length: width * height }, (_, i) => shade(i % width, Math.floor(i / width)));
  for (let pass = 0; pass < 3; pass++) {
    const next = new Float32Array(gray.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let total = 0;
        let n = 0;
        for (let dy = -radius; dy <= radius; dy++)
          for (let dx = -radius; dx <= radius; dx++) {
            const xx = Math.min(width - 1, Math.max(0, x + dx));
            const yy = Math.min(height - 1, Math.max(0, y + dy));
            total += gray[yy * width + xx] ?? 0;
            n++;
          }
        next[y * width + x] = total / n;
      }
    gray = next;
  }
  return picture(width, height, (x, y) => Math.round(gray[y * width + x] ?? 0));
}

describe("grayscale", () => {
  it("weighs green most, blue least", () => {
    const gray = grayscale(new Uint8ClampedArray([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]), 4, 1);
    expect(Array.from(gray)).toEqual([76, 149, 28, 255]);
  });
});

describe("sharpness", () => {
  it("is zero for a flat picture", () => {
    expect(
      sharpness(
        picture(256, 256, () => 128),
        256,
        256,
      ),
    ).toBe(0);
  });

  it("tells printed text from the same text blurred", () => {
    const sharp = sharpness(picture(256, 192, page), 256, 192);
    const soft = sharpness(blurred(256, 192, page, 2), 256, 192);
    expect(looksBlurred(sharp)).toBe(false);
    expect(sharp).toBeGreaterThan(1000);
    expect(looksBlurred(soft)).toBe(true);
  });

  it("finds the document when it fills only part of the frame (a plain table around it)", () => {
    // The text covers the middle third; the 95th percentile still sees it.
    const framed = (x: number, y: number) => (x > 85 && x < 170 && y > 64 && y < 128 ? page(x, y) : 150);
    expect(looksBlurred(sharpness(picture(256, 192, framed), 256, 192))).toBe(false);
  });

  it("measures each tile on its own", () => {
    const half = (x: number, y: number) => (x < 64 ? page(x, y) : 128);
    const tiles = tileLaplacianVariances(grayscale(picture(128, 64, half), 128, 64), 128, 64);
    expect(tiles).toHaveLength(2);
    expect(tiles[0]).toBeGreaterThan(1000);
    expect(tiles[1]).toBeLessThan(1000); // only its first column borders the text
  });
});
