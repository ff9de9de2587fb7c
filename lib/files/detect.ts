// Pure: the upload rules of the spec's Limits (jpg, jpeg, png, pdf; at most 10 MB), decided by the
// bytes rather than the client's name or Content-Type, which anyone can fake.

/** The spec's Limits: at most 10 MB, and these types. One home for the browser's checks and the server's. */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** A multipart upload: the document plus room for the envelope and two short text parts; three parts at most. */
export const UPLOAD_LIMITS = { maxBytes: MAX_DOCUMENT_BYTES + 64 * 1024, maxParts: 3 } as const;
export const ACCEPTED_MIME_TYPES = ["image/jpeg", "image/png", "application/pdf"] as const;

export type FileExt = "jpg" | "png" | "pdf";
export type FileMime = "image/jpeg" | "image/png" | "application/pdf";
export type DetectedType = { ext: FileExt; mime: FileMime };

export type UploadRefusalCode = "FILE_EMPTY" | "FILE_TOO_LARGE" | "FILE_CONTENT_MISMATCH" | "FILE_TYPE_NOT_ALLOWED";
export type UploadClassification = { ok: true; mime: FileMime; ext: FileExt } | { ok: false; code: UploadRefusalCode; message: string };

const SIGNATURES: ReadonlyArray<{ magic: readonly number[]; type: DetectedType }> = [
  { magic: [0xff, 0xd8, 0xff], type: { ext: "jpg", mime: "image/jpeg" } },
  { magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], type: { ext: "png", mime: "image/png" } },
  { magic: [0x25, 0x50, 0x44, 0x46, 0x2d], type: { ext: "pdf", mime: "application/pdf" } }, // "%PDF-"
];

/** Names the file's extensions may carry, mapped to the type they promise (.jpeg is .jpg). */
const EXT_BY_NAME: Readonly<Record<string, FileExt>> = { jpg: "jpg", jpeg: "jpg", png: "png", pdf: "pdf" };

const LABEL: Readonly<Record<FileExt, string>> = { jpg: "a JPEG image", png: "a PNG image", pdf: "a PDF document" };

const ACCEPTED = "Only JPEG, PNG and PDF files (jpg, jpeg, png, pdf) are accepted.";

/** The type the leading bytes prove, or undefined for anything else. */
export function detectFileType(bytes: Uint8Array): DetectedType | undefined {
  const hit = SIGNATURES.find(({ magic }) => magic.length <= bytes.length && magic.every((b, i) => bytes[i] === b));
  return hit?.type;
}

/** The lower-cased extension of the name's last path segment; "" when it has none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const dot = base.lastIndexOf(".");
  return dot < 0
    ? ""
    : base
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

/** Decides whether an upload is accepted; the checks run in the order the refusal codes are listed. */
export function classifyUpload(name: string, bytes: Uint8Array, max: number): UploadClassification {
  const size = bytes.length;
  if (size === 0) return { ok: false, code: "FILE_EMPTY", message: "The uploaded file is empty (0 bytes)." };
  if (size > max) {
    return {
      ok: false,
      code: "FILE_TOO_LARGE",
      message: `The uploaded file is ${size} bytes; the limit is ${max} bytes.`,
    };
  }

  const ext = extensionOf(name);
  const claimed = EXT_BY_NAME[ext];
  const detected = detectFileType(bytes);

  if (!detected) {
    // An allowed extension over unknown bytes is a disguise (say, an executable renamed .png).
    if (claimed) {
      return {
        ok: false,
        code: "FILE_CONTENT_MISMATCH",
        message: `The file is named .${ext} but its content is not ${LABEL[claimed]}. ${ACCEPTED}`,
      };
    }
    return {
      ok: false,
      code: "FILE_TYPE_NOT_ALLOWED",
      message: `The file's content is not an accepted type${ext ? ` (its name ends in .${ext.slice(0, 16)})` : ""}. ${ACCEPTED}`,
    };
  }

  if (claimed && claimed !== detected.ext) {
    return {
      ok: false,
      code: "FILE_CONTENT_MISMATCH",
      message: `The file is named .${ext} but its content is ${LABEL[detected.ext]}; the name's extension must match the content.`,
    };
  }
  // No extension, or one outside the list: the bytes decide.
  return { ok: true, mime: detected.mime, ext: detected.ext };
}
