// Pure: how sharp a picture is, as the variance of its Laplacian (the classic focus measure), on a small
// grayscale copy. Measured per tile and read at the 95th percentile: a document may fill only part of the frame,
// and its text is where a sharp photo has strong edges; a blurred photo has none anywhere.

/** The long side of the copy measured: about what the identity check needs to read the smallest print. */
export const SHARPNESS_LONG_SIDE = 1024;
/**
 * Below this the photo gets a blur warning. At 1,024 px a sharp text edge gives Laplacian values near its contrast
 * (a text tile's variance is in the thousands); the same edge blurred by a Gaussian of 1.5 px gives about a tenth,
 * a variance under 100. It is only a warning: the person may go on.
 */
export const BLUR_THRESHOLD = 100;
const TILE = 64;
const PERCENTILE = 0.95;

/** Luma (BT.601, integer) of RGBA pixels. */
export function grayscale(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Float32Array {
  const gray = new Float32Array(width * height);
  for (let i = 0; i < width * height; i++) {
    gray[i] = (77 * (rgba[i * 4] ?? 0) + 150 * (rgba[i * 4 + 1] ?? 0) + 29 * (rgba[i * 4 + 2] ?? 0)) >> 8;
  }
  return gray;
}

/** The variance of the 4-neighbour Laplacian in each tile, tiles in reading order (edge pixels left out). */
export function tileLaplacianVariances(gray: Float32Array, width: number, height: number, tile = TILE): number[] {
  const cols = Math.max(1, Math.floor(width / tile));
  const rows = Math.max(1, Math.floor(height / tile));
  const sum = new Float64Array(cols * rows);
  const sumSq = new Float64Array(cols * rows);
  const count = new Uint32Array(cols * rows);
  for (let y = 1; y < height - 1; y++) {
    const row = Math.min(rows - 1, Math.floor(y / tile));
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const lap = (gray[i - 1] ?? 0) + (gray[i + 1] ?? 0) + (gray[i - width] ?? 0) + (gray[i + width] ?? 0) - 4 * (gray[i] ?? 0);
      const t = row * cols + Math.min(cols - 1, Math.floor(x / tile));
      sum[t] = (sum[t] ?? 0) + lap;
      sumSq[t] = (sumSq[t] ?? 0) + lap * lap;
      count[t] = (count[t] ?? 0) + 1;
    }
  }
  return Array.from(count, (n, t) => {
    if (n === 0) return 0;
    const mean = (sum[t] ?? 0) / n;
    return (sumSq[t] ?? 0) / n - mean * mean;
  });
}

/** The picture's sharpness score: the 95th percentile of its tiles' Laplacian variances. */
export function sharpness(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): number {
  const tiles = tileLaplacianVariances(grayscale(rgba, width, height), width, height).sort((a, b) => a - b);
  return tiles[Math.floor(PERCENTILE * (tiles.length - 1))] ?? 0;
}

export const looksBlurred = (score: number) => score < BLUR_THRESHOLD;
