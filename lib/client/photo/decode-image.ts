// Browser only: a picked image as an ImageBitmap, upright. createImageBitmap applies the EXIF orientation
// ("from-image"); Safari 17+ decodes HEIC itself, other browsers need libheif, fetched only for such a file.

import type { PickedKind } from "@/lib/client/photo/image-kind";

/** Decodes HEIC/HEIF with libheif (heic-to, LGPL-3.0). Its CSP build runs without eval, in a blob: worker. */
async function decodeHeic(file: Blob): Promise<ImageBitmap> {
  const { heicTo } = await import("heic-to/csp");
  // libheif applies the file's rotation and mirroring itself.
  return heicTo({ blob: file, type: "bitmap" });
}

/** The picture, upright, or null when no decoder here can read it. */
export async function decodeImage(file: Blob, kind: Exclude<PickedKind, "pdf">): Promise<ImageBitmap | null> {
  try {
    return await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    if (kind !== "heic") return null;
  }
  try {
    return await decodeHeic(file);
  } catch {
    return null;
  }
}
