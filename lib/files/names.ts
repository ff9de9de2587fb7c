import type { FileExt } from "@/lib/files/detect";

// The name a document is sent upstream under: the base name only (no folders), letters, digits and a few
// harmless marks, at most 80 characters, and the extension of the type its bytes proved, whatever it claimed.

const MAX_STEM = 80;

export function safeUploadName(name: string, ext: FileExt): string {
  const base = (name.split(/[\\/]/).pop() ?? "").normalize("NFC");
  const dot = base.lastIndexOf(".");
  const stem = (dot > 0 ? base.slice(0, dot) : base)
    .replace(/[^\p{L}\p{N} ._()-]+/gu, "_")
    .replace(/\s+/g, " ")
    .replace(/^[.\s_-]+|[.\s_-]+$/g, "");
  return `${Array.from(stem).slice(0, MAX_STEM).join("") || "document"}.${ext}`;
}
