import { PortalError } from "@/lib/errors";
import { readBodyWithLimit } from "@/lib/http/read-body";

export type UploadForm = { file: File; fields: Record<string, string> };
export type MediaType = { type: string; params: Record<string, string> };

const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+";
const PARAM = new RegExp(`^\\s*;\\s*(${TOKEN})=(?:(${TOKEN})|"((?:[^"\\\\]|\\\\.)*)")`);

/**
 * A Content-Type read exactly (RFC 9110: type/subtype, then `; name=value` with token or quoted values). Undefined
 * when anything else is there or a parameter comes twice: two boundaries would let the parts be counted with one
 * and parsed with the other.
 */
export function parseMediaType(header: string): MediaType | undefined {
  const head = new RegExp(`^\\s*(${TOKEN}/${TOKEN})`).exec(header);
  if (!head?.[1]) return undefined;
  const params: Record<string, string> = {};
  let rest = header.slice(head[0].length);
  while (rest.trim()) {
    const match = PARAM.exec(rest);
    const name = match?.[1]?.toLowerCase();
    if (!match || !name || name in params) return undefined;
    params[name] = match[2] ?? (match[3] ?? "").replace(/\\(.)/g, "$1");
    rest = rest.slice(match[0].length);
  }
  return { type: head[1].toLowerCase(), params };
}

/** Parts in a multipart body: each starts with a line `--boundary` (the closing one ends in `--`). */
function countParts(raw: Buffer, boundary: string): number {
  const marker = Buffer.from(`--${boundary}`);
  let count = 0;
  for (let at = raw.indexOf(marker); at >= 0; at = raw.indexOf(marker, at + marker.length)) count++;
  return Math.max(0, count - 1);
}

/** The one boundary of a multipart/form-data type (RFC 2046: 1 to 70 characters), or a refusal. */
function boundaryOf(header: string): string {
  const media = parseMediaType(header);
  if (!media && /^\s*multipart\/form-data\b/i.test(header))
    throw new PortalError("BAD_REQUEST", "The Content-Type header is malformed (a parameter given twice, or text that is not one).");
  if (media?.type !== "multipart/form-data") throw new PortalError("UNSUPPORTED_MEDIA_TYPE", "Send the document as multipart/form-data.");
  const boundary = media.params.boundary;
  if (!boundary || boundary.length > 70) throw new PortalError("BAD_REQUEST", "The multipart boundary is missing or malformed.");
  return boundary;
}

/**
 * Reads a multipart upload with a hard cap on bytes (refused mid-stream) and on parts (a form of thousands of
 * tiny parts costs more to parse than its size says), then the one `file` part and the text fields. The parser
 * is handed the very boundary the parts were counted with, never the client's header.
 */
export async function readUploadForm(
  request: Request,
  limits: { maxBytes: number; maxParts: number },
  tooLarge: () => Error,
): Promise<UploadForm> {
  const boundary = boundaryOf(request.headers.get("content-type") ?? "");
  const raw = await readBodyWithLimit(request, limits.maxBytes, tooLarge);
  if (countParts(raw, boundary) > limits.maxParts) throw new PortalError("BAD_REQUEST", `Send at most ${limits.maxParts} form parts.`);
  const type = `multipart/form-data; boundary="${boundary.replace(/["\\]/g, "\\$&")}"`;
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
