// Pure: what kind of picked file this is, by its MIME type, its name and its first bytes. Browsers often give a
// HEIC file an empty MIME type (or application/octet-stream), so the extension and the ISO-BMFF brand count too.

export type PickedKind = "jpeg" | "png" | "heic" | "pdf";

const BY_TYPE: Readonly<Record<string, PickedKind>> = {
  "image/jpeg": "jpeg",
  "image/jpg": "jpeg",
  "image/pjpeg": "jpeg",
  "image/png": "png",
  "image/heic": "heic",
  "image/heif": "heic",
  "image/heic-sequence": "heic",
  "image/heif-sequence": "heic",
  "application/pdf": "pdf",
};

const BY_EXTENSION: Readonly<Record<string, PickedKind>> = {
  jpg: "jpeg",
  jpeg: "jpeg",
  png: "png",
  heic: "heic",
  heif: "heic",
  hif: "heic",
  pdf: "pdf",
};

/** HEIF brands of still images and sequences (ISO/IEC 23008-12); AVIF's "avif" is not one of them. */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1"]);

/** MIME types and extensions the file picker offers: what the portal takes, plus HEIC/HEIF, converted here. */
export const PICKABLE_TYPES = ["image/jpeg", "image/png", "application/pdf", "image/heic", "image/heif"] as const;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : "";
}

/** True when the bytes start an ISO-BMFF file ("ftyp" box) whose major brand is a HEIF one. */
export function hasHeifBrand(head: Uint8Array): boolean {
  if (head.length < 12) return false;
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  return ascii(4, 8) === "ftyp" && HEIF_BRANDS.has(ascii(8, 12));
}

/** The kind a file claims by MIME type, else by extension; HEIF bytes win over any claim (a renamed iPhone photo). */
export function pickedKind(file: { name: string; type: string }, head?: Uint8Array): PickedKind | null {
  if (head && hasHeifBrand(head)) return "heic";
  const type = file.type.trim().toLowerCase();
  const claimed = BY_TYPE[type];
  if (claimed) return claimed;
  // Empty or generic MIME types say nothing: the extension decides.
  if (type === "" || type === "application/octet-stream") return BY_EXTENSION[extensionOf(file.name)] ?? null;
  return null;
}

/** The name of the converted JPEG: the same base name, ".jpg" ("IMG_0042.HEIC" -> "IMG_0042.jpg"). */
export function jpegName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  const stem = (dot >= 0 ? base.slice(0, dot) : base).trim();
  return `${stem || "photo"}.jpg`;
}
