// Browser only: turns a picked image into the JPEG that is sent. Drawing it on a canvas applies its orientation,
// shrinks it to what identity checks use, and leaves every piece of metadata (EXIF, GPS, XMP) behind.

import { decodeImage } from "@/lib/client/photo/decode-image";
import { jpegName, type PickedKind } from "@/lib/client/photo/image-kind";
import { fitWithin, isTooSmall, JPEG_QUALITIES, nextQuality, OUTPUT_LONG_SIDE, type Size } from "@/lib/client/photo/photo-limits";
import { looksLikeScreenshot, type Screen } from "@/lib/client/photo/screenshot";
import { looksBlurred, sharpness, SHARPNESS_LONG_SIDE } from "@/lib/client/photo/sharpness";

export type PhotoWarning = "blurred" | "screenshot";
export type PreparedPhoto =
  { ok: true; file: File; original: Size; sent: Size; warnings: PhotoWarning[] } | { ok: false; problem: "tooSmall" | "unreadable" };

function draw(source: CanvasImageSource, size: Size): HTMLCanvasElement {
  const canvas = document.createElement("canvas");
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("no 2d context");
  context.fillStyle = "#fff"; // a transparent PNG would otherwise turn black in a JPEG
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = "high";
  context.drawImage(source, 0, 0, size.width, size.height);
  return canvas;
}

const toJpeg = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob"))), "image/jpeg", quality));

/** The JPEG at the first quality step within the byte budget (or the last step). */
async function encode(canvas: HTMLCanvasElement): Promise<Blob> {
  let quality: number = JPEG_QUALITIES[0];
  let blob = await toJpeg(canvas, quality);
  for (let next = nextQuality(quality, blob.size); next !== null; next = nextQuality(quality, blob.size)) {
    quality = next;
    blob = await toJpeg(canvas, quality);
  }
  return blob;
}

function measure(canvas: HTMLCanvasElement): number {
  const small = draw(canvas, fitWithin({ width: canvas.width, height: canvas.height }, SHARPNESS_LONG_SIDE));
  const pixels = small.getContext("2d")?.getImageData(0, 0, small.width, small.height);
  return pixels ? sharpness(pixels.data, small.width, small.height) : 0;
}

export async function preparePhoto(file: File, kind: Exclude<PickedKind, "pdf">, screen?: Screen): Promise<PreparedPhoto> {
  const bitmap = await decodeImage(file, kind);
  if (!bitmap) return { ok: false, problem: "unreadable" };
  const original = { width: bitmap.width, height: bitmap.height };
  try {
    if (isTooSmall(original)) return { ok: false, problem: "tooSmall" };
    const canvas = draw(bitmap, fitWithin(original, OUTPUT_LONG_SIDE));
    const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
    const warnings: PhotoWarning[] = [];
    if (looksBlurred(measure(canvas))) warnings.push("blurred");
    if (looksLikeScreenshot({ name: file.name, size: original, head, screen })) warnings.push("screenshot");
    const jpeg = await encode(canvas);
    const sent = { width: canvas.width, height: canvas.height };
    return { ok: true, file: new File([jpeg], jpegName(file.name), { type: "image/jpeg" }), original, sent, warnings };
  } finally {
    bitmap.close();
  }
}
