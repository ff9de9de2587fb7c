// The one redaction policy, for log lines and for the upstream request log alike: credentials removed,
// identity numbers, SSNs and phone numbers cut to their last 4, birth dates hidden, at any depth.

const REMOVE = /secret|password|token|api_?key|authorization|cookie/i;
const TAIL4 = /(^|_)(number|ssn)$/i;
const HIDE = /birth/i;
const MAX_DEPTH = 8;

const tail = (value: string) => (value.length > 4 ? `${"*".repeat(value.length - 4)}${value.slice(-4)}` : "****");

function maskValue(key: string, value: unknown, depth: number): unknown {
  if (value === null || value === undefined) return value;
  if (REMOVE.test(key)) return "[removed]";
  if (HIDE.test(key)) return "[hidden]";
  if (TAIL4.test(key)) return typeof value === "string" ? tail(value) : typeof value === "number" ? tail(String(value)) : "[hidden]";
  return redact(value, depth + 1);
}

/** A copy of `value` that is safe to log or keep for audit. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return "[truncated]";
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = maskValue(key, v, depth);
  return out;
}
