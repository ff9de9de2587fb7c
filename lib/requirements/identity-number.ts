import type { ErrorKey } from "@/lib/requirements/error-keys";

// Document numbers as people copy them from the document: spaces and hyphens between groups, lower case, a check
// digit in brackets ("A123456(3)" on a Hong Kong identity card). Stored and sent as the issuer's letters and digits.

/** "a123 456(3)" -> "A1234563": upper case, without spaces, hyphens or dots, a bracketed last character unwrapped. */
export function normaliseIdentityNumber(typed: string): string {
  const compact = typed.toUpperCase().replace(/[\s\-.]/g, "");
  return compact.replace(/^([A-Z0-9]+)[([]([A-Z0-9])[)\]]$/, "$1$2");
}

// One or two letters, six digits, and a check character (0-9 or A).
const HKID_RE = /^([A-Z]{1,2})(\d{6})([0-9A])$/;

/**
 * The Hong Kong identity card's check character: weights 9..2 over the letters (A=10 … Z=35; a one-letter prefix is
 * read with a space, 36, in front) and the six digits; check = 11 - sum mod 11, where 10 is "A" and 11 is "0".
 */
export function hkidCheckCharacter(prefix: string, digits: string): string {
  const values = [...prefix.padStart(2, " ")].map((c) => (c === " " ? 36 : c.charCodeAt(0) - 55));
  const all = [...values, ...[...digits].map(Number)];
  const sum = all.reduce((acc, v, i) => acc + v * (9 - i), 0);
  const check = 11 - (sum % 11);
  return check === 10 ? "A" : check === 11 ? "0" : String(check);
}

/** A problem with a (normalised) number for this document type, beyond the general format; undefined when none. */
export function identityNumberProblem(type: unknown, typed: string): ErrorKey | undefined {
  if (type !== "HK_HKID") return undefined;
  const match = HKID_RE.exec(normaliseIdentityNumber(typed));
  if (!match) return "errors.field.hkid_format";
  const [, prefix = "", digits = "", check = ""] = match;
  return hkidCheckCharacter(prefix, digits) === check ? undefined : "errors.field.hkid_check";
}
