import "server-only";
import { randomBytes } from "node:crypto";
import { MAX_UPLOAD_BYTES } from "@/lib/sandbox/config";
import type { SandboxContext, SandboxHandler } from "@/lib/sandbox/context";
import { SandboxError } from "@/lib/sandbox/errors";
import { classifyUpload } from "@/lib/files/detect";
import { success } from "@/lib/sandbox/http";
import { findFile, insertFile } from "@/lib/sandbox/store/files";

const MAX_NAME_CHARS = 255;
const SEND_MULTIPART = "Send the file as multipart/form-data with one part named `file`.";

/** POST /api/open/v1/common/files/upload: stores one JPEG, PNG or PDF and answers its file_id. */
export const uploadFile: SandboxHandler = async (ctx) => {
  const file = await filePart(ctx);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const verdict = classifyUpload(file.name, bytes, MAX_UPLOAD_BYTES);
  if (!verdict.ok) throw new SandboxError(verdict.code, verdict.message);

  const id = `file_${randomBytes(12).toString("hex")}`;
  const name = cleanFileName(file.name, verdict.ext);
  await insertFile(ctx.db, {
    id,
    name,
    mimeType: verdict.mime,
    size: bytes.length,
    content: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    createdAt: ctx.now,
  });
  return success({ file_id: id, file_name: name, file_type: verdict.mime, size: bytes.length });
};

/**
 * GET /api/open/v1/common/files/{id}: the stored bytes as they were uploaded. A raw Response, not the
 * JSON envelope; errors are still thrown as SandboxError for the pipeline to wrap.
 */
export async function downloadFile(ctx: SandboxContext): Promise<Response> {
  const id = ctx.params.id ?? "";
  const row = id ? await findFile(ctx.db, id) : undefined;
  if (!row) throw new SandboxError("FILE_NOT_FOUND", `No file with id ${JSON.stringify(id.slice(0, 64))}.`);
  const headers: Record<string, string> = {
    "content-type": row.mimeType,
    "content-length": String(row.content.byteLength),
    "content-disposition": `inline; filename="${asciiFileName(row.name)}"`,
    // The type was checked by magic bytes at upload; nosniff keeps browsers from second-guessing it.
    "x-content-type-options": "nosniff",
    "cache-control": "private, no-store",
  };
  if (ctx.requestId) headers["x-request-id"] = ctx.requestId;
  return new Response(new Uint8Array(row.content), { status: 200, headers });
}

/** The part named `file`; anything else (no multipart body, no such part, a text field) is FILE_MISSING. */
async function filePart(ctx: SandboxContext): Promise<File> {
  let form: FormData;
  try {
    // A copy: Buffer's type allows a SharedArrayBuffer, which BodyInit does not (cheap at <= 10 MiB).
    const body = new Uint8Array(ctx.rawBody);
    form = await new Response(body, { headers: { "content-type": ctx.headers.get("content-type") ?? "" } }).formData();
  } catch {
    throw new SandboxError("FILE_MISSING", `The request body is not a readable multipart form. ${SEND_MULTIPART}`);
  }
  const value = form.get("file");
  if (!(value instanceof File)) {
    const why = value === null ? "has no part named `file`" : "has a `file` part that is a text field, not a file";
    throw new SandboxError("FILE_MISSING", `The form ${why}. ${SEND_MULTIPART}`);
  }
  return value;
}

/** The base name only, without control characters (Postgres text refuses NUL), at most 255 characters. */
export function cleanFileName(name: string, ext: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim();
  if (!base) return `upload.${ext}`;
  // Cut by code points (never half a surrogate pair) and from the stem, so a long name keeps its extension.
  if (Array.from(base).length <= MAX_NAME_CHARS) return base;
  const dot = base.lastIndexOf(".");
  const suffix = dot > 0 && base.length - dot <= 16 ? base.slice(dot) : "";
  const stem = Array.from(suffix ? base.slice(0, dot) : base);
  return stem.slice(0, MAX_NAME_CHARS - Array.from(suffix).length).join("") + suffix;
}

/** A name safe inside a quoted header value: printable ASCII without quote or backslash. */
export function asciiFileName(name: string): string {
  return name.replace(/[^\x20-\x7e]|["\\]/g, "_") || "file";
}
