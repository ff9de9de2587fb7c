import { setPath, valueAt, type Tree } from "@/lib/dotted-paths";

// The identity values that are never shown whole outside the form that asks for them: API answers, the
// check-answers page, logs and the staff area show the last 4 characters, or the year of a birth date.

export const SENSITIVE_PATHS = ["identity.number", "ssn", "birth_date"] as const;
export type SensitivePath = (typeof SENSITIVE_PATHS)[number];

export const isSensitive = (path: string): path is SensitivePath => (SENSITIVE_PATHS as readonly string[]).includes(path);

/** One value as it may be shown: "*****4567" for numbers, "1990-**-**" for a birth date. */
export function maskValue(path: SensitivePath, value: unknown): string {
  const text = typeof value === "string" || typeof value === "number" ? String(value) : "";
  if (path === "birth_date") return /^\d{4}-/.test(text) ? `${text.slice(0, 4)}-**-**` : "****-**-**";
  return text.length > 4 ? `${"*".repeat(text.length - 4)}${text.slice(-4)}` : "****";
}

/** A copy of the answers with every sensitive value masked (absent ones stay absent). */
export function maskAnswers(answers: Tree): Tree {
  let out = answers;
  for (const path of SENSITIVE_PATHS) {
    const value = valueAt(answers, path);
    if (value !== undefined && value !== null && value !== "") out = setPath(out, path, maskValue(path, value));
  }
  return out;
}
