// Pure: the size rules of a document photo, and the maths of shrinking one. The reasons for each figure are in
// docs/cardholder-flow.md ("Documents from a phone camera").

/** Identity checks read documents at about 2,000 px on the long side; more only costs upload time. */
export const OUTPUT_LONG_SIDE = 2000;
/** JPEG quality of the photo sent, then lower steps while it is still over the byte budget. */
export const JPEG_QUALITIES = [0.85, 0.75, 0.65, 0.55] as const;
/** What a photo sent should weigh at most: 1 MB is about 20 s at Slow 3G's 400 kbit/s. */
export const OUTPUT_BYTE_BUDGET = 1_000_000;
/** The largest image the browser will try to open (a 200-megapixel camera's JPEG is about 40 MB). */
export const MAX_PICKED_IMAGE_BYTES = 40 * 1024 * 1024;

/**
 * Smallest image accepted: an ID card (85.6 x 54 mm, the smallest document) at 150 DPI, the least identity services
 * read, is 506 x 319 px, and a photo always has some margin around the document.
 */
export const MIN_LONG_SIDE = 600;
export const MIN_SHORT_SIDE = 400;

export type Size = { width: number; height: number };

/** The size that fits within `longSide` on its long side, proportions kept; never enlarged. */
export function fitWithin({ width, height }: Size, longSide: number): Size {
  const long = Math.max(width, height);
  if (long <= longSide) return { width, height };
  const scale = longSide / long;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** True when the image is too small to hold a readable document (either orientation). */
export function isTooSmall({ width, height }: Size): boolean {
  return Math.max(width, height) < MIN_LONG_SIDE || Math.min(width, height) < MIN_SHORT_SIDE;
}

/** The next quality to try after a JPEG of `bytes` at `quality`, or null when it is within budget or at the last step. */
export function nextQuality(quality: number, bytes: number): number | null {
  if (bytes <= OUTPUT_BYTE_BUDGET) return null;
  return JPEG_QUALITIES.find((q) => q < quality) ?? null;
}
