import { readBodyWithLimit } from "@/lib/http/read-body";
import { SandboxError } from "@/lib/sandbox/errors";

export type SandboxResult = { status: number; body: unknown };

/** The spec's success envelope. */
export function success(data: unknown, status = 200): SandboxResult {
  return { status, body: { success: true, data } };
}

/** docs/contract.md's error envelope: `{"success":false,"code","message"}` plus `fields` for validation. */
export function failure(error: SandboxError): SandboxResult {
  return {
    status: error.status,
    body: { success: false, code: error.code, message: error.message, ...(error.fields ? { fields: error.fields } : {}) },
  };
}

export function toResponse(result: SandboxResult, requestId?: string): Response {
  const headers: Record<string, string> = { "content-type": "application/json", "cache-control": "no-store" };
  if (requestId) headers["x-request-id"] = requestId;
  return new Response(JSON.stringify(result.body), { status: result.status, headers });
}

/** Parses a JSON object body; anything else is INVALID_JSON. */
export function parseJsonObject(raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString("utf8"));
  } catch {
    throw new SandboxError("INVALID_JSON", "The request body is not valid JSON.");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SandboxError("INVALID_JSON", "The request body must be a JSON object.");
  }
  return value as Record<string, unknown>;
}

/** Reads a request body up to `limit` bytes; a larger body stops the read and fails with `tooLarge`. */
export const readBody = (request: Request, limit: number, tooLarge: () => SandboxError) => readBodyWithLimit(request, limit, tooLarge);
