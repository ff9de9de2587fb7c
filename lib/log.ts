import "server-only";

type Fields = Record<string, unknown>;

// Keys whose values never reach a log line, wherever they sit in the fields.
const SECRET_KEYS = /(secret|password|token|api_key|apikey|authorization|ssn|number|birth)/i;

/** Replaces values of sensitive keys with a mask, recursively. */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Fields = {};
  for (const [key, v] of Object.entries(value)) {
    out[key] = SECRET_KEYS.test(key) && v !== null && v !== undefined ? "[redacted]" : redact(v, depth + 1);
  }
  return out;
}

function write(level: "info" | "warn" | "error", event: string, fields: Fields = {}) {
  const line = JSON.stringify({ level, event, time: new Date().toISOString(), ...(redact(fields) as Fields) });
  if (level === "error") console.error(line);
  else if (level === "warn") console.warn(line);
  else console.log(line);
}

/** One JSON line per event, with sensitive fields masked. */
export const log = {
  info: (event: string, fields?: Fields) => write("info", event, fields),
  warn: (event: string, fields?: Fields) => write("warn", event, fields),
  error: (event: string, fields?: Fields) => write("error", event, fields),
};
