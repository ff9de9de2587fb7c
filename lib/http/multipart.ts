import { PortalError } from "@/lib/errors";
import { readBodyWithLimit } from "@/lib/http/read-body";

export type UploadForm = { file: File; fields: Record<string, string> };

/** Parts in a multipart body: each starts with a line `--boundary` (the closing one ends in `--`). */
function countParts(raw: Buffer, boundary: string): number {
  const marker = Buffer.from(`--${boundary}`);
  let count = 0;
  for (let at = raw.indexOf(marker); at >= 0; at = raw.indexOf(marker, at + marker.length)) count++;
  return Math.max(0, count - 1);
}

/**
 * Reads a multipart upload with a hard cap on bytes (refused mid-stream) and on parts (a form of thousands of
 * tiny parts costs more to parse than its size says), then the one `file` part and the text fields.
 */
export async function readUploadForm(
  request: Request,
  limits: { maxBytes: number; maxParts: number },
  tooLarge: () => Error,
): Promise<UploadForm> {
  const type = request.headers.get("content-type") ?? "";
  const boundary = /^multipart\/form-data;.*boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!boundary) throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data.");
  const raw = await readBodyWithLimit(request, limits.maxBytes, tooLarge);
  if (countParts(raw, boundary) > limits.maxParts) throw new PortalError("BAD_REQUEST", `Send at most ${limits.maxParts} form parts.`);
  const form = await new Response(new Uint8Array(raw), { headers: { "content-type": type } }).formData().catch(() => {
    throw new PortalError("BAD_REQUEST", "The form data could not be read.");
  });
  const file = form.get("file");
  if (!(file instanceof File))
    throw new PortalError("VALIDATION_ERROR", "Send the document in a part named `file`.", { file: "errors.field.required" });
  const fields: Record<string, string> = {};
  for (const [name, value] of form.entries()) if (typeof value === "string") fields[name] = value.slice(0, 200);
  return { file, fields };
}
