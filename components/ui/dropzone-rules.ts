export type FileFacts = { name: string; size: number; type: string };
export type FileProblem = "empty" | "tooLarge" | "wrongType";

// Extensions we can vouch for; the server still sniffs the bytes, this only saves a round trip.
const extensionTypes: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  pdf: "application/pdf",
  heic: "image/heic",
  heif: "image/heif",
};
// Non-standard MIME names some browsers and OSes still report for JPEG.
const typeAliases: Record<string, string> = { "image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg" };

/** The extensions (".jpg", ".heic") of the accepted types, for a picker's `accept`: some match HEIC by name only. */
export function acceptedExtensions(acceptedTypes: readonly string[]): string[] {
  const accepted = acceptedTypes.map(normalType);
  return Object.entries(extensionTypes)
    .filter(([, type]) => accepted.includes(type))
    .map(([ext]) => `.${ext}`);
}

function extensionOf(name: string): string | null {
  const dot = name.lastIndexOf(".");
  return dot > 0 && dot < name.length - 1 ? name.slice(dot + 1).toLowerCase() : null;
}

function normalType(type: string): string {
  const lower = type.trim().toLowerCase();
  return typeAliases[lower] ?? lower;
}

/** The MIME type a file most likely has: the reported one, else the one its extension implies. */
export function effectiveType(file: Pick<FileFacts, "name" | "type">): string {
  const reported = normalType(file.type);
  if (reported) return reported;
  const ext = extensionOf(file.name);
  return (ext && extensionTypes[ext]) || "";
}

/**
 * Client-side checks before an upload. The type must be accepted by MIME and by extension; when the
 * browser reports no MIME (some Android pickers) the extension decides, and a name without an
 * extension is judged on its MIME alone.
 */
export function checkFile(file: FileFacts, maxBytes: number, acceptedTypes: readonly string[]): FileProblem | null {
  if (file.size <= 0) return "empty";
  if (file.size > maxBytes) return "tooLarge";
  const accepted = acceptedTypes.map(normalType);
  const reported = normalType(file.type);
  const ext = extensionOf(file.name);
  const extType = ext ? extensionTypes[ext] : undefined;
  const mimeOk = reported === "" || accepted.includes(reported);
  const extOk = ext === null ? reported !== "" : extType !== undefined && accepted.includes(extType);
  return mimeOk && extOk ? null : "wrongType";
}

/** "820 KB", "1.4 MB": sizes in binary units, at least 1 KB, numbers in the given locale. */
export function formatBytes(bytes: number, locale?: string): string {
  const kb = bytes / 1024;
  if (kb < 1024) return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.round(kb)))} KB`;
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(kb / 1024)} MB`;
}
