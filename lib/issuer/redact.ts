// The upstream request log keeps bodies for audit, never secrets or full identity data.

const DROP = new Set(["api_key", "api_secret", "access_token"]);
const TAIL4 = new Set(["number", "ssn", "mobile_number"]);
const HIDE = new Set(["birth_date"]);

const tail = (value: string) => (value.length > 4 ? `${"*".repeat(value.length - 4)}${value.slice(-4)}` : "****");

/** A copy of a wire body with credentials removed, identity numbers, ssn and phone masked to the last 4, birth dates hidden. */
export function redactWireBody(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redactWireBody(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (DROP.has(key)) out[key] = "[removed]";
    else if (TAIL4.has(key) && typeof v === "string") out[key] = tail(v);
    else if (HIDE.has(key) && v !== undefined && v !== null) out[key] = "[hidden]";
    else out[key] = redactWireBody(v, depth + 1);
  }
  return out;
}
