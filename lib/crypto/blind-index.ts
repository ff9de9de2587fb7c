import "server-only";
import { createHmac, hkdfSync } from "node:crypto";
import type { Keyring } from "@/lib/crypto/secret-box";

// Keyed blind indexes: staff search applicants by name and email while the answers stay sealed. The database
// holds HMACs (keyed from DATA_ENCRYPTION_KEY, prefixed with the key's id so a rotation can re-index), never the
// names or emails themselves. A name is indexed word by word and by the start of each word (3+ letters).

const INFO = "cardholder-portal:blind-index:v1";
const MIN_PREFIX = 3;
const MAX_PREFIX = 12;

const keyCache = new WeakMap<Keyring, Buffer>();
function indexKey(keys: Keyring): Buffer {
  let key = keyCache.get(keys);
  if (!key) keyCache.set(keys, (key = Buffer.from(hkdfSync("sha256", keys.current.key, Buffer.alloc(0), Buffer.from(INFO), 32))));
  return key;
}

const mac = (keys: Keyring, kind: string, value: string) =>
  `${keys.current.id}:${createHmac("sha256", indexKey(keys)).update(`${kind}\0${value}`).digest("base64url").slice(0, 22)}`;

/** Lower case, accents off, letters and digits only between single spaces: "Zoë  O'Brien" -> "zoe o brien". */
export function normalizeName(value: string): string {
  return value
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export const normalizeEmail = (value: string) => value.trim().toLowerCase();

/** The index entries of a person's names: every word, and every start of a word from 3 letters. */
export function nameIndexOf(keys: Keyring, names: string[]): string[] {
  const entries = new Set<string>();
  for (const word of names.flatMap((n) => normalizeName(n).split(" ")).filter(Boolean)) {
    const letters = Array.from(word);
    entries.add(mac(keys, "word", word));
    for (let n = MIN_PREFIX; n < Math.min(letters.length, MAX_PREFIX + 1); n++)
      entries.add(mac(keys, "word", letters.slice(0, n).join("")));
  }
  return [...entries];
}

export const emailIndexOf = (keys: Keyring, email: string) => mac(keys, "email", normalizeEmail(email));

/** An identity document's number, written with or without spaces and hyphens, in any case: "ab-123 4" -> "AB1234". */
export const normalizeIdentityNumber = (value: string) =>
  value
    .normalize("NFKC")
    .toUpperCase()
    .replace(/[\s-]+/g, "");

export const identityIndexOf = (keys: Keyring, number: string) => mac(keys, "identity", normalizeIdentityNumber(number));

/** A mobile's national significant number in digits (lib/requirements/phone.ts reads it out of any format). */
export const phoneIndexOf = (keys: Keyring, nationalNumber: string) => mac(keys, "phone", nationalNumber.replace(/\D+/g, ""));

/** What a search for `query` looks for: every word of it must match (a word or the start of one). */
export function nameQueryOf(keys: Keyring, query: string): string[] {
  return normalizeName(query)
    .split(" ")
    .filter((w) => Array.from(w).length >= MIN_PREFIX)
    .map((w) => mac(keys, "word", Array.from(w).slice(0, MAX_PREFIX).join("")));
}

/** Whether an index entry was made with the current key (a rotation re-indexes the others). */
export const isCurrentIndex = (entry: string | null, keys: Keyring) => entry?.startsWith(`${keys.current.id}:`) ?? false;
